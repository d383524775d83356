import Foundation
import TodayBridge
import TodayBridgePostHog
import ToolSupport
import TodayDemoBackend
import TodayPageHost

/// A bench page in a real engine against the demo backend. The page is hosted by a child process
/// of this benchmark (`TodayBridgeBenchmarks host-page`), without the allocation counter the core
/// benchmarks preload, with the test capabilities and the raw echoes installed: in WebKitGTK by
/// that process itself, on Android by the JVM host it starts (`AndroidPageRunner`), the app side
/// installing the raw echo's listener and shim as an app would.
enum BenchPageHost {
    /// Where the host sends `track` events.
    enum Sink: String {
        /// Nowhere (the round trips).
        case discard
        /// A counter (the burst rows).
        case count
        /// The PostHog sink's on-disk queue, counted (the burst rows).
        case posthog
    }

    /// Shows `path` in `engine`; returns the page's report named `report` and what the host printed.
    static func run(
        engine: String, path: String, report: String, sink: Sink = .discard, webRoot: String
    ) async throws -> (report: JSONValue, lines: [String]) {
        let certificate = try await CertificateFiles.generate()
        let backend = try await DemoBackend.start(webRoot: webRoot, certificate: certificate)
        defer { backend.stop() }
        let host = await ChildProcess.run(
            CommandLine.arguments[0],
            arguments: [
                "host-page", engine, backend.secureOrigin + path, backend.secureOrigin, certificate.certificate,
                sink.rawValue,
            ],
            environment: ["LD_PRELOAD": nil], within: 900
        )
        guard host.status == 0, let page = backend.reports(named: report).last, page["error"] == nil else {
            throw BenchmarkError.pageFailed(
                host.status, backend.reports(named: report).last?.jsonString ?? host.standardError)
        }
        return (page, host.lines)
    }

    /// `host-page ENGINE URL TRUSTED-ORIGIN CERTIFICATE SINK`: shows the page with the bridge and
    /// the raw echo installed (ENGINE `webkitgtk`, `webkitgtk-relay` for its relay path, or `android`); exits 0 once the page closes itself. With a counting sink, prints
    /// `{"burstEvents": N, "lastRecordedAt": epoch ms}` once every event reached it.
    static func serve(_ arguments: [String]) async throws -> Int32 {
        guard arguments.count == 5, let url = URL(string: arguments[1]), let sinkKind = Sink(rawValue: arguments[4])
        else { throw BenchmarkError.usage }
        if arguments[0] == "android" {
            return try await serveAndroid(url: url, trusted: arguments[2], certificate: arguments[3], sink: sinkKind)
        }
        let queue = FileManager.default.temporaryDirectory.appendingPathComponent(
            "today-bench-posthog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: queue) }
        let posthog =
            sinkKind == .posthog
            ? try PostHogSink(
                configuration: PostHogConfiguration(
                    apiKey: "phc_bench", host: URL(string: "http://127.0.0.1:9")!, queueDirectory: queue,
                    maxQueuedEvents: 100_000
                ))
            : nil
        let burst = sinkKind == .discard ? nil : BurstSink(inner: posthog ?? DiscardingSink())
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(
                platform: .linux, surfaces: [try TrustedSurface(name: "bench", origins: [arguments[2]])],
                limits: BridgeLimits(maxMessageBytes: maxMessageBytes)),
            tokens: StaticTokenProvider(token: "bench"),
            analytics: burst ?? DiscardingSink(),
            identity: AnalyticsIdentity(deviceID: "bench", sessionID: "bench", userID: { nil })
        )
        try TestCapabilities.register(in: bridge)
        try BenchCapabilities.register(in: bridge)
        var options = PageRunOptions(
            url: url, headless: true, timeout: 600, certificate: arguments[3], relay: arguments[0] == "webkitgtk-relay")
        options.maxMessageBytes = maxMessageBytes
        let end = try GTKPageRunner.run(options: options, bridge: bridge) { view, _ in GTKRawEcho.register(in: view) }
        await bridge.flushAnalytics()
        if let burst { print(burst.report) }
        await posthog?.close()
        return end.rawValue
    }
}

extension BenchPageHost {
    /// The hosts' message limit: room for the 64 MiB byte payload as base64 (the relay).
    static let maxMessageBytes = 96 << 20

    /// The raw echo's channel on Android: a second web message listener with its own shim.
    static let rawEchoChannel = "todayRawEcho"

    /// `host-page android …`: the JVM host with the test capabilities and the raw echo (its shim
    /// rendered here, from the same Android shim the bridge installs, bytes beside the text as
    /// the bridge's are where the WebView carries `ArrayBuffer`s); a counting sink counts in
    /// the JVM. The PostHog sink is this project's Swift one, which an Android app does not have.
    private static func serveAndroid(url: URL, trusted: String, certificate: String, sink: Sink) async throws -> Int32 {
        guard sink != .posthog else { throw BenchmarkError.usage }
        let shim = FileManager.default.temporaryDirectory.appendingPathComponent(
            "today-bench-raw-echo-\(UUID().uuidString).js")
        defer { try? FileManager.default.removeItem(at: shim) }
        let configuration = AndroidShimConfiguration(
            bindingName: rawEchoChannel + "Native", channelName: rawEchoChannel, maxMessageBytes: .max,
            attachesBytes: true)
        try HostScript.androidShim.invocation(configuration).write(to: shim, atomically: true, encoding: .utf8)
        var app = AndroidPageRunner.AppOptions()
        app.trustedOrigins = [trusted]
        app.token = "bench"
        app.testCapabilities = true
        app.rawEchoShim = shim.path
        app.countEvents = sink == .count
        app.maxMessageBytes = maxMessageBytes
        return try await AndroidPageRunner.run(
            options: PageRunOptions(url: url, headless: true, timeout: 600, certificate: certificate), app: app)
    }
}

enum BenchmarkError: Error, CustomStringConvertible {
    case pageFailed(Int32?, String)
    case usage

    var description: String {
        switch self {
        case .pageFailed(let status, let report):
            "the bench page failed (exit \(status.map(String.init) ?? "none")): \(report)"
        case .usage:
            "usage: TodayBridgeBenchmarks host-page ENGINE URL TRUSTED-ORIGIN CERTIFICATE discard|count|posthog"
        }
    }
}
