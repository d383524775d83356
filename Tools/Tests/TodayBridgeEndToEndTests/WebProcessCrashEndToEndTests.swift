import Foundation
import Testing
import TodayBridge
import ToolSupport
import TodayDemoBackend
#if canImport(Glibc)
import Glibc
#endif

/// The web content process killed (SIGKILL, by its PID among the host's descendants) while calls
/// are in flight, in real engines: every pending call settles at once, the host is told, and
/// `open` exits 3, or, asked to reload, the reloaded page has every capability again.
@Suite("End to end: the web content process dies", .serialized)
struct WebProcessCrashEndToEndTests {
    /// A backend of its own: the page slows token refreshes down.
    static let backend = Task { () throws -> DemoBackend in
        let certificate = try await EndToEndHost.shared.value.certificate
        return try await DemoBackend.start(
            webRoot: EndToEndHost.packageRoot.appendingPathComponent("web").path, certificate: certificate)
    }

    @Test(
        "C5 C8 the web content process killed with calls in flight: every call settles at once, open reports it and exits 3; WebKitGTK's ran sandboxed with the web process extension",
        arguments: Engine.engines)
    func c5KilledProcessExits3(engine: Engine) async throws {
        let crash = try await Self.crash(engine, reloading: false)
        if engine == .webkitgtk {
            // C8: bubblewrap's child, without the toolchain's folders, the extension loaded.
            #expect(
                crash.webProcesses.allSatisfy(\.sandboxedWithExtension) && !crash.webProcesses.isEmpty,
                "\(crash.webProcesses)")
        }
        #expect(crash.run.exitCode == 3, "stderr: \(crash.run.errors.suffix(2000))")
        #expect(crash.run.errors.contains("web process ended: \(engine.killedContentProcessReason)"))
        #expect(crash.run.errors.contains("[webProcessTerminated]"))
        #expect(
            crash.cancelled == ["sleep": 20, "callPage": 1, "establishSession": 1, "never": 1], "\(crash.cancelled)")
        print(
            "web process crash, \(engine.rawValue): \(crash.cancelled.values.reduce(0, +)) calls in flight settled \(crash.settledAfterKillMS) ms after the kill, the process ended after \(crash.endedAfterKillMS.map(String.init) ?? "?") ms"
        )
    }

    @Test(
        "C5 S4 the host reloads after the crash and every capability works again",
        arguments: Engine.engines.filter(\.reloadsAfterContentProcessEnds))
    func c5ReloadAfterCrash(engine: Engine) async throws {
        let crash = try await Self.crash(engine, reloading: true)
        #expect(crash.run.exitCode == 0, "stderr: \(crash.run.errors.suffix(2000))")
        #expect(crash.run.errors.contains("web process ended: \(engine.killedContentProcessReason)"))
        #expect(
            crash.cancelled == ["sleep": 20, "callPage": 1, "establishSession": 1, "never": 1], "\(crash.cancelled)")
        let backend = try await Self.backend.value
        let results = try #require(backend.reports(named: "crash-reloaded-\(engine.rawValue)").last)
        #expect(results["echo"]?["n"] == 1)
        #expect(results["headers"] == "string")
        #expect(results["refreshToken"] == "string")
        #expect(results["establishSession"] == ["ok": true])
        #expect(results["callPage"] == ["value": "answered"])
        print(
            "web process crash and reload, \(engine.rawValue): \(crash.cancelled.values.reduce(0, +)) calls settled \(crash.settledAfterKillMS) ms after the kill, the process ended after \(crash.endedAfterKillMS.map(String.init) ?? "?") ms; reloaded page: \(results.jsonString)"
        )
    }

    struct Crash {
        var run: EndToEndHost.Run
        /// Calls settled as cancelled, by type (page calls) or name (native calls).
        var cancelled: [String: Int]
        /// From the kill to the last of them settled, by the recording's clock.
        var settledAfterKillMS: Int
        /// From the kill to the last killed process seen ended (a zombie, or gone).
        var endedAfterKillMS: Int?
        /// WebKitGTK: its web processes, as found before the kill.
        var webProcesses: [WebProcess]
    }

    /// A WebKitGTK web process: in WebKit's bubblewrap sandbox, which has no `/opt` (where the
    /// Swift toolchain is), with the web process extension mapped?
    struct WebProcess: CustomStringConvertible {
        var pid: pid_t
        var parent: String
        var extensionMapped: Bool
        var seesOpt: Bool

        var sandboxedWithExtension: Bool { parent == "/usr/bin/bwrap" && extensionMapped && !seesOpt }
        var description: String {
            "\(pid): parent \(parent), extension mapped \(extensionMapped), sees /opt \(seesOpt)"
        }

        init(_ entry: Processes.Entry, among all: [Processes.Entry]) {
            pid = entry.pid
            parent = all.first { $0.pid == entry.parent }?.commandLine.first ?? "?"
            // Foundation reads a /proc file's first page only: a FileHandle reads it to the end.
            let maps =
                (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(entry.pid)/maps")).readToEnd()).flatMap {
                    $0
                }
                .map { String(decoding: $0, as: UTF8.self) } ?? ""
            extensionMapped = maps.contains("/libTodayBridgeGTKWebProcessExtension.so")
            seesOpt = FileManager.default.fileExists(atPath: "/proc/\(entry.pid)/root/opt")
        }
    }

    /// Opens `crash.html`, waits for its calls to be in flight, kills the engine's content process.
    static func crash(_ engine: Engine, reloading: Bool) async throws -> Crash {
        let backend = try await Self.backend.value
        let marker = UUID().uuidString
        let reportsBefore = backend.reports(named: "crash-inflight-\(engine.rawValue)").count
        let inspect = FileManager.default.temporaryDirectory.appendingPathComponent("today-crash-\(marker)").path
        async let run = EndToEndHost.open(
            "/e2e/crash.html?engine=\(engine.rawValue)&run=\(marker)", on: backend.secureOrigin,
            trusting: [backend.secureOrigin], engine: engine,
            extra: ["--inspect", inspect, "--timeout", "90"] + (reloading ? ["--reload-on-crash"] : []),
            backend: backend
        )
        let inFlight = await eventually(within: 60) {
            backend.reports(named: "crash-inflight-\(engine.rawValue)").count > reportsBefore
        }
        #expect(inFlight, "the page's calls never got in flight")
        var killedAt = Date()
        var endedAt: Date?
        var webProcesses: [WebProcess] = []
        if inFlight,
            let host = Processes.all().first(where: {
                $0.commandLine.contains { $0.contains(marker) }
                    && $0.commandLine.first?.hasSuffix("today-bridge") == true
            })
        {
            try? await Task.sleep(nanoseconds: 200_000_000)  // the page's calls reach the host
            let victims = Processes.descendants(of: host.pid).filter {
                engine.isWebKitGTK
                    ? $0.commandLine.first?.hasSuffix("/WebKitWebProcess") == true
                    : $0.commandLine.joined(separator: " ").contains("--type=renderer")
            }
            #expect(!victims.isEmpty, "no content process among the host's descendants")
            if engine.isWebKitGTK {
                let all = Processes.all()
                webProcesses = victims.map { WebProcess($0, among: all) }
            }
            killedAt = Date()
            for victim in victims { kill(victim.pid, SIGKILL) }
            // Polled for the printed timings only: whether a late report is the kernel's or the engine's.
            _ = await eventually(within: 30) { victims.allSatisfy { !$0.isAlive } }
            endedAt = Date()
        }
        let finished = try await run
        let lines = ((try? String(contentsOfFile: inspect + ".jsonl", encoding: .utf8)) ?? "").split(separator: "\n")
            .compactMap { try? JSONValue(parsing: String($0)) }
        let began =
            lines.first?["startedAt"]?.stringValue.flatMap { text in
                let formatter = ISO8601DateFormatter()
                formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                return formatter.date(from: text)
            } ?? killedAt
        let cancelled = lines.filter { $0["outcome"] == "cancelled" }
        let settled =
            cancelled.compactMap { line in
                line["start"]?.doubleValue.flatMap { start in line["duration"]?.doubleValue.map { start + $0 } }
            }.max() ?? 0
        return Crash(
            run: finished,
            cancelled: Dictionary(
                cancelled.compactMap { $0["type"]?.stringValue }.map { ($0, 1) }, uniquingKeysWith: +),
            settledAfterKillMS: Int(began.addingTimeInterval(settled / 1000).timeIntervalSince(killedAt) * 1000),
            endedAfterKillMS: endedAt.map { Int($0.timeIntervalSince(killedAt) * 1000) },
            webProcesses: webProcesses
        )
    }
}
