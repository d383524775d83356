import Foundation
import Testing
import TodayBridge
import ToolSupport

/// `today-bridge` as a person or a script runs it: mistakes in the arguments are usage errors of
/// the subcommand before anything starts (`validate()`), long commands say what they are doing
/// on a terminal and nothing when piped, and `conformance --json -` writes its JSON to standard
/// output.
@Suite("today-bridge on the command line: validation, progress, JSON to standard output", .serialized)
struct CommandLineTests {
    static let cli = TodayBridgeExecutable.path

    /// Runs `today-bridge ARGUMENTS` with its standard error on a terminal (the pseudo-terminal
    /// util-linux's `script` opens) and its standard output in a file; returns the status, what
    /// reached the terminal (and what `script` itself said), and the file's text. The tool's
    /// parent is `script`'s shell, not this process: it is not asked to end with its parent.
    static func runOnTerminal(_ arguments: [String]) async throws -> (status: Int32?, terminal: String, output: String)
    {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "today-bridge-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let command = ([cli] + arguments).map(quoted).joined(separator: " ") + " > " + quoted(output.path)
        let run = await ChildProcess.run(
            "/usr/bin/script", arguments: ["--quiet", "--return", "--command", command, "/dev/null"],
            environment: [ParentLifetime.variable: nil], workingDirectory: "/", within: 300
        )
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return (
            run.status,
            (run.lines.joined(separator: "\n") + "\n" + run.standardError).replacingOccurrences(of: "\r", with: ""),
            text
        )
    }

    static func quoted(_ argument: String) -> String {
        "'" + argument.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// Arguments `validate()` refuses, and what it says.
    static let invalid: [(arguments: [String], message: String)] = [
        (["open", "not a url"], "not a URL: not a url"),
        (["open", "https://127.0.0.1/", "--engine", "android", "--relay"], "--relay needs --engine webkitgtk"),
        (
            ["open", "https://127.0.0.1/", "--engine", "android", "--screenshot", "/tmp/x.png"],
            "--screenshot needs --engine webkitgtk"
        ),
        (["open", "https://127.0.0.1/", "--app-scheme", "nodirectory"], "not NAME=DIRECTORY: nodirectory"),
        (["open", "https://127.0.0.1/", "--timeout", "0"], "--timeout must be positive"),
        (["open", "https://127.0.0.1/", "--trust", "https://*"], #"--trust: trusted surface "default": "#),
        (
            ["demo", "--headless", "--web-root", "/nonexistent"],
            "/nonexistent/dist/packed/package/today-bridge.js is missing"
        ),
        (["conformance", "--engine", "android", "--relay"], "--relay needs --engine webkitgtk"),
        (["conformance", "--json", ""], "--json needs a file, or - for standard output"),
        (
            ["posthog", "--queue", "/nonexistent/queue", "--host", "ftp://127.0.0.1", "--api-key", "phc_test"],
            "not an http(s) URL: ftp://127.0.0.1"
        ),
        (
            [
                "posthog", "--queue", "/nonexistent/queue", "--host", "http://127.0.0.1:9", "--api-key", "phc_test",
                "--batch-size", "0",
            ], "--batch-size must be at least 1"
        ),
    ]

    @Test(
        "validate(): a mistake in the arguments is the subcommand's usage error (exit 64, its usage), before anything starts",
        arguments: invalid.indices)
    func validation(index: Int) async throws {
        let (arguments, message) = Self.invalid[index]
        let started = ContinuousClock.now
        let run = try await EndToEndHost.run(arguments)
        #expect(run.exitCode == 64, "\(arguments): \(run.errors)")
        #expect(run.errors.contains("Error: \(message)"), "\(run.errors)")
        // The subcommand's usage, which only a check in validate() gets: an error thrown from run()
        // reaches the root command, whose usage is `today-bridge <subcommand>`.
        #expect(run.errors.contains("Usage: today-bridge \(arguments[0])"), "\(run.errors)")
        #expect(run.output.isEmpty)
        #expect(ContinuousClock.now - started < .seconds(30), "it started something")
    }

    @Test(
        "open --inspect shows its progress on a terminal: loading, the page's end, the recording written",
        arguments: [Engine.webkitgtk, .android])
    func openProgressOnATerminal(engine: Engine) async throws {
        let (backend, certificate) = try await EndToEndHost.shared.value
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("today-progress-\(UUID().uuidString)")
            .path
        defer { for suffix in [".jsonl", ".html"] { try? FileManager.default.removeItem(atPath: base + suffix) } }
        let arguments =
            ["open", backend.secureOrigin + "/e2e/idle.html"] + engine.arguments + [
                "--headless", "--timeout", "5", "--certificate", certificate.certificate, "--inspect", base,
            ]
        let terminal = try await Self.runOnTerminal(arguments)
        #expect(terminal.status == 1, "the idle page times out: \(terminal.terminal)")
        #expect(
            terminal.terminal.contains(
                "today-bridge: loading \(backend.secureOrigin)/e2e/idle.html in \(engine.rawValue)"),
            "\(terminal.terminal)")
        #expect(terminal.terminal.contains("recording traffic to \(base).jsonl"), "\(terminal.terminal)")
        #expect(
            terminal.terminal.contains(
                engine == .android ? "today-bridge: the app ended" : "today-bridge: the page ended: timedOut"),
            "\(terminal.terminal)")
        #expect(FileManager.default.fileExists(atPath: base + ".html"))

        let piped = try await EndToEndHost.run(arguments)
        #expect(piped.exitCode == 1)
        #expect(!piped.errors.contains("today-bridge: loading"), "progress when piped: \(piped.errors)")
        #expect(!piped.errors.contains("ended"), "progress when piped: \(piped.errors)")
    }

    @Test(
        "conformance --json - writes the JSON to standard output and the readable report to standard error; on a terminal it shows each load"
    )
    func conformanceJSONToStandardOutput() async throws {
        let terminal = try await Self.runOnTerminal(["conformance", "--engine", "webkitgtk", "--json", "-"])
        #expect(terminal.status == 0, "\(terminal.terminal)")
        let summary = try JSONValue(parsing: terminal.output)
        let passed = summary["passed"]?.arrayValue ?? []
        #expect(passed.count >= 20)
        #expect(summary["failed"] == [])
        #expect(summary["runs"]?.arrayValue?.count == 3)
        for (index, mode) in ["trusted", "untrusted", "cleartext"].enumerated() {
            #expect(
                terminal.terminal.contains(
                    "today-bridge: conformance \(index + 1)/3: loading the kit as \(mode) in webkitgtk"),
                "\(terminal.terminal)")
        }
        #expect(
            terminal.terminal.contains("\(passed.count) passed, 0 failed"),
            "the readable report goes to standard error: \(terminal.terminal)")
    }
}
