#if canImport(TodayBridgeGTK)
import ArgumentParser
import Foundation
import TodayBridge
import ToolSupport
import TodayBridgeConformance
import TodayDemoBackend

/// `today-bridge conformance`: the conformance kit against this project's own host, in a real
/// engine, on a local backend.
struct ConformanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Run the conformance kit against the bridge's host in a real engine.",
        discussion: """
            Serves the kit on a local backend (HTTPS on 127.0.0.1, a second origin on localhost for \
            its cross-origin sub-frame, cleartext HTTP) and loads it three times with \
            `today-bridge open`: as a trusted surface, as an HTTPS page on no surface, and over \
            cleartext. Prints each rule's result, then `N passed, N failed` over the rule ids. \
            Exits 0 when every rule passed. With `--json -` the reports' JSON is all that goes to \
            standard output, and the readable report goes to standard error. On a terminal, \
            standard error also shows each load as it starts; piped or redirected, it does not.
            """
    )

    @Option(
        help:
            "webkitgtk (platform linux), android (the Android library over Android's WebView API on Chromium, platform android) or wkwebview (the iOS adapter over WebKit's API on WebKitGTK, platform ios)."
    )
    var engine: OpenCommand.Engine = .webkitgtk

    @Flag(help: "WebKitGTK: the relay path, without the web process extension.")
    var relay = false

    @Option(
        help:
            "Also write the three reports as JSON to this file; `-` writes them to standard output, and the report meant for reading to standard error."
    )
    var json: String?

    @Flag(help: "List every check, not only the failing ones.")
    var verbose = false

    /// Checks the arguments before anything starts: a mistake is a usage error (exit 64).
    func validate() throws {
        if relay, engine != .webkitgtk { throw ValidationError("--relay needs --engine webkitgtk") }
        if json == "" { throw ValidationError("--json needs a file, or - for standard output") }
    }

    /// Whether the JSON goes to standard output (`--json -`), the readable report to standard error.
    private var jsonToStandardOutput: Bool { json == "-" }

    /// The engine as the reports name it: `webkitgtk (relay)` on the relay path.
    private var engineName: String { engine.rawValue + (relay ? " (relay)" : "") }

    /// Prints a line of the report meant for reading: to standard error when the JSON has
    /// standard output.
    private func printReport(_ line: String) {
        if jsonToStandardOutput { printToStandardError(line) } else { Swift.print(line) }
    }

    func run() async throws {
        let progress = TerminalProgress()
        let served = try ConformanceSite()
        defer { served.remove() }
        let certificate = try await CertificateFiles.generate()
        let backend = try await DemoBackend.start(webRoot: served.root.path, certificate: certificate)
        defer { backend.stop() }
        var reports: [ConformanceRun] = []
        let modes = ConformanceKit.Mode.allCases
        for (index, mode) in modes.enumerated() {
            progress.report(
                "conformance \(index + 1)/\(modes.count): loading the kit as \(mode.rawValue) in \(engineName)")
            let run = try await ConformanceRun.load(
                mode, engine: engine, relay: relay, backend: backend, certificate: certificate)
            progress.report(
                "conformance \(index + 1)/\(modes.count): \(mode.rawValue) done"
                    + (run.report == nil ? ", no report" : ""))
            run.print(verbose: verbose, to: printReport)
            reports.append(run)
        }
        let summary = ConformanceSummary(runs: reports)
        if let json {
            let text = summary.json(engine: engineName).jsonString
            if jsonToStandardOutput {
                Swift.print(text)
            } else {
                try text.write(toFile: json, atomically: true, encoding: .utf8)
            }
        }
        printReport(
            "\(summary.passed.count) passed, \(summary.failed.count) failed"
                + (summary.failed.isEmpty ? "" : ": " + summary.failed.joined(separator: ", ")))
        if !summary.failed.isEmpty || reports.contains(where: { $0.report == nil }) { throw ExitCode.failure }
    }
}

/// The kit's pages, written from ``ConformanceKit/files`` into a folder the backend serves as
/// `/conformance/`: the command needs nothing from the working tree.
struct ConformanceSite {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("today-conformance-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("conformance")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in ConformanceKit.files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
#endif
