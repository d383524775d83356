#if canImport(TodayBridgeGTK)
import ArgumentParser
import Foundation
import TodayBridge
import ToolSupport
import TodayBridgeTesting
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
            Exits 0 when every rule passed.
            """
    )

    @Option(help: "webkitgtk (platform linux), android (the Android library over Android's WebView API on Chromium, platform android) or wkwebview (the iOS adapter over WebKit's API on WebKitGTK, platform ios).")
    var engine: OpenCommand.Engine = .webkitgtk

    @Flag(help: "WebKitGTK: the relay path, without the web process extension.")
    var relay = false

    @Option(help: "Also write the three reports as JSON to this file.")
    var json: String?

    @Flag(help: "List every check, not only the failing ones.")
    var verbose = false

    func run() async throws {
        if relay, engine != .webkitgtk { throw ValidationError("--relay needs --engine webkitgtk") }
        let served = try ConformanceSite()
        defer { served.remove() }
        let certificate = try await CertificateFiles.generate()
        let backend = try await DemoBackend.start(webRoot: served.root.path, certificate: certificate)
        defer { backend.stop() }
        var reports: [ConformanceRun] = []
        for mode in ConformanceKit.Mode.allCases {
            let run = try await ConformanceRun.load(mode, engine: engine, relay: relay, backend: backend, certificate: certificate)
            run.print(verbose: verbose)
            reports.append(run)
        }
        let summary = ConformanceSummary(runs: reports)
        if let json { try summary.json(engine: engine.rawValue + (relay ? " (relay)" : "")).jsonString.write(toFile: json, atomically: true, encoding: .utf8) }
        Swift.print("\(summary.passed.count) passed, \(summary.failed.count) failed" + (summary.failed.isEmpty ? "" : ": " + summary.failed.joined(separator: ", ")))
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
