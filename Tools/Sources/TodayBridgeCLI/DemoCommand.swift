import ArgumentParser
import Foundation
@_spi(Tools) import TodayBridge
import TodayBridgePostHog
#if canImport(TodayBridgeGTK)
import TodayBridgeGTK
import ToolSupport
import TodayDemoBackend
import TodayPageHost
#endif

/// `today-bridge demo`: the demo web app in a real WebKitGTK host against a local backend.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the demo app against a local backend, in a window or headless.",
        discussion: "Without a display it runs headless, prints a transcript, writes a screenshot and exits."
    )

    @Flag(help: "Run against an in-memory host instead of a web engine.")
    var inMemory = false

    @Flag(help: "Run on a virtual display even when a screen is available.")
    var headless = false

    @Option(help: "The web SDK's folder (with dist/ built).")
    var webRoot = "web"

    @Option(help: "Where the headless run saves its screenshot.")
    var screenshot = "out/demo.png"

    @Option(help: "Record the bridge's traffic to PATH.jsonl and PATH.html (an HTML timeline).")
    var inspect: String?

    /// Checks the arguments before anything starts: a mistake is a usage error (exit 64).
    func validate() throws {
        #if canImport(TodayBridgeGTK)
        if !inMemory, !FileManager.default.fileExists(atPath: webRoot + "/dist/packed/package/today-bridge.js") {
            throw ValidationError(
                "\(webRoot)/dist/packed/package/today-bridge.js is missing: build the web SDK first (web/scripts/build.sh)"
            )
        }
        #endif
    }

    func run() async throws {
        #if canImport(TodayBridgeGTK)
        if inMemory { return try await InMemoryDemo.run() }
        try await runInWebKit()
        #else
        try await InMemoryDemo.run()
        #endif
    }

    #if canImport(TodayBridgeGTK)
    private func runInWebKit() async throws {
        let headless = headless || ProcessInfo.processInfo.environment["DISPLAY"] == nil
        let certificate = try await CertificateFiles.generate()
        let backend = try await DemoBackend.start(webRoot: webRoot, certificate: certificate, tokenLifetime: 120) {
            name, report in
            DemoTranscript.page(name, report)
        }
        defer { backend.stop() }
        // Analytics go through the production sink to a local stand-in for PostHog.
        let capture = try await PostHogCaptureServer.start()
        defer { capture.stop() }
        let queue = FileManager.default.temporaryDirectory.appendingPathComponent(
            "today-demo-posthog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: queue) }
        let analytics = try PostHogSink(
            configuration: PostHogConfiguration(
                apiKey: "phc_demo", host: URL(string: capture.origin)!, queueDirectory: queue, flushInterval: 1
            ))
        let bridge = DemoHost.bridge(backend: backend, analytics: analytics)
        let recorder = inspect.map { _ in TrafficRecorder(recording: bridge) }
        if headless {
            try FileManager.default.createDirectory(
                atPath: (screenshot as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        }
        let page = URL(string: backend.secureOrigin + "/demo/index.html" + (headless ? "?autoclose=1" : ""))!
        DemoTranscript.line("host", "backend on \(backend.secureOrigin), page \(page.absoluteString)")
        let end = try GTKPageRunner.run(
            options: PageRunOptions(
                url: page, headless: headless, timeout: headless ? 60 : 3600, certificate: certificate.certificate,
                certificateHosts: ["127.0.0.1"], screenshot: headless ? screenshot : nil
            ),
            bridge: bridge,
            onInstalled: DemoHost.emitEvents
        )
        if headless { DemoTranscript.line("host", "screenshot saved to \(screenshot)") }
        if let inspect, let recorder { try InspectorFiles.save(recorder, to: inspect, page: page) }
        await bridge.flushAnalytics()
        await analytics.flush()
        await analytics.close()
        let delivered = capture.events.map {
            "\($0["event"]?.stringValue ?? "?") (uuid \($0["uuid"]?.stringValue?.prefix(8) ?? "-"))"
        }
        DemoTranscript.line("posthog", "delivered to \(capture.origin)/batch/: \(delivered.joined(separator: ", "))")
        if end != .closedItself { throw ExitCode(end.rawValue) }
    }
    #endif
}
