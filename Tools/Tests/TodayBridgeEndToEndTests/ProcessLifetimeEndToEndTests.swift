import Foundation
import Subprocess
import Testing
import ToolSupport

/// No process outlives the host: whatever ends a host (what `timeout`, CI cancellation and service
/// managers send, a closed terminal, `kill -9`), every process it started (Xvfb, the engine's
/// processes, the Android app's JVM and its Chromium) is gone ten seconds later: a bound for a
/// loaded machine (on one at a load of 10, WebKitGTK's sandbox took more than five seconds).
@Suite("End to end: no process outlives the host", .serialized)
struct ProcessLifetimeEndToEndTests {
    /// How the host is ended.
    enum Ending: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case terminate = "SIGTERM", interrupt = "SIGINT", hangUp = "SIGHUP", kill = "SIGKILL"

        var signal: Signal {
            switch self {
            case .terminate: .terminate
            case .interrupt: .interrupt
            case .hangUp: .terminalClosed
            case .kill: .kill
            }
        }
        var testDescription: String { rawValue }
    }

    /// A host command and the processes that show it is running its page.
    struct Host: Sendable, CustomTestStringConvertible {
        var testDescription: String
        /// The executable next to the tests and its arguments, given the backend's origin and certificate.
        var command: @Sendable (_ origin: String, _ certificate: String) -> (executable: String, arguments: [String])
        /// Names of descendants that must all be running before the host is ended.
        var running: [String]

        static func open(_ engine: EndToEndHost.Engine) -> Host {
            Host(
                testDescription: "open, \(engine.testDescription)",
                command: { origin, certificate in
                    (
                        "today-bridge",
                        ["open", origin + "/e2e/idle.html"] + engine.arguments + [
                            "--headless", "--timeout", "120", "--certificate", certificate,
                        ]
                    )
                }, running: engine.isWebKitGTK ? ["Xvfb", "WebKitWebProces"] : ["java", "chromium"])
        }

        static let demo = Host(
            testDescription: "demo",
            command: { _, _ in
                (
                    "today-bridge",
                    [
                        "demo", "--headless", "--web-root", EndToEndHost.packageRoot.appendingPathComponent("web").path,
                        "--screenshot",
                        FileManager.default.temporaryDirectory.appendingPathComponent("lifetime-demo.png").path,
                    ]
                )
            }, running: ["Xvfb", "WebKitWebProces"])

        static let conformance = Host(
            testDescription: "conformance",
            command: { _, _ in
                ("today-bridge", ["conformance", "--engine", "webkitgtk"])
            }, running: ["Xvfb", "WebKitWebProces"])

        static let benchmarkPageHost = Host(
            testDescription: "the benchmark's page host",
            command: { origin, certificate in
                (
                    "TodayBridgeBenchmarks",
                    ["host-page", "webkitgtk", origin + "/e2e/idle.html", origin, certificate, "discard"]
                )
            }, running: ["Xvfb", "WebKitWebProces"])

        static let all: [Host] = EndToEndHost.Engine.engines.map(open) + [demo, conformance, benchmarkPageHost]
    }

    @Test(
        "C5 no process a host started is alive ten seconds after the host ends", arguments: Host.all, Ending.allCases)
    func noDescendantOutlivesTheHost(host: Host, ending: Ending) async throws {
        let (backend, certificate) = try await EndToEndHost.shared.value
        let (name, arguments) = host.command(backend.secureOrigin, certificate.certificate)
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent(name).path
        let child = ChildProcess(executable: executable, arguments: arguments, workingDirectory: "/") { _ in }

        // Running: every expected process is up (at most 60 s), then a moment for the rest to start.
        var started: [Processes.Entry] = []
        for _ in 0..<300 {
            if let id = child.processIdentifier {
                started = Processes.descendants(of: id)
                if host.running.allSatisfy({ name in started.contains { $0.name.hasPrefix(name) } }) { break }
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        let id = try #require(child.processIdentifier)
        try #require(
            host.running.allSatisfy { name in started.contains { $0.name.hasPrefix(name) } },
            "the host did not start \(host.running) within 60 s: \(started); stderr: \(child.standardError.suffix(2000))"
        )
        try await Task.sleep(for: .seconds(1))
        started = Processes.descendants(of: id)

        child.send(ending.signal)
        let status = await child.waitForExit(within: 10)
        #expect(status != nil, "the host did not end on \(ending.rawValue)")

        var alive = started
        for _ in 0..<50 where !alive.isEmpty {
            try await Task.sleep(for: .milliseconds(200))
            alive = alive.filter(\.isAlive)
        }
        #expect(
            alive.isEmpty,
            "alive ten seconds after \(ending.rawValue) of \(host.testDescription): \(alive) (of \(started))")
        for process in alive { kill(process.pid, SIGKILL) }  // ours: this test started them
    }
}
