#if canImport(TodayBridgeGTK)
import CWebKitGTK
import Foundation
import TodayBridge
import TodayBridgeGTK
import TodayBridgePostHog
import TodayDemoBackend
import TodayDemoBridge

/// The demo's native side: its bridge with the demo's capability, event and native call
/// (``DemoBridge``), and what it sends the page.
enum DemoHost {
    static func bridge(backend: DemoBackend, analytics: PostHogSink) -> TodayBridge {
        let surface = try! TrustedSurface(
            name: "demo", origins: [backend.secureOrigin], extraHeaders: ["X-Client": "today-demo"])
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: .linux, surfaces: [surface]),
            // The first token is already expired: the page's first API call gets a 401.
            tokens: EndpointTokenProvider(
                base: URL(string: backend.cleartextOrigin + "/token")!, firstTokenLifetime: 0),
            analytics: TranscriptAnalyticsSink(delivery: analytics),
            identity: AnalyticsIdentity(deviceID: "demo-device", sessionID: UUID().uuidString, userID: { "demo-user" })
        )
        try! DemoBridge.install(on: bridge, engine: "WebKitGTK")
        return bridge
    }

    /// Once the page is up: sends `demo.notice` and `host.foreground` (the way an app does when it
    /// comes back), then asks the page's `demo.progress` handler how far it got; all typed (X6).
    @GLibActor
    static func emitEvents(_ view: UnsafeMutablePointer<WebKitWebView>, _ installation: WebKitGTKBridge) {
        Task {
            try await Task.sleep(nanoseconds: 1_500_000_000)
            let connection: BridgeConnection = installation.connection
            try await connection.emit(
                DemoBridge.notice, payload: DemoBridge.Notice(text: "hello from the native side", level: .info))
            await connection.emit(.foreground)
            DemoTranscript.line("host", "emitted demo.notice and host.foreground")
            do {
                let progress = try await connection.call(
                    DemoBridge.progress, arguments: DemoBridge.ProgressQuery(askedBy: "demo host"),
                    default: DemoBridge.Progress(steps: 0))
                DemoTranscript.line(
                    "host",
                    "the page answered demo.progress: \(progress.steps) steps, the last \(progress.lastStep ?? "-")")
            } catch {
                DemoTranscript.line("host", "demo.progress failed: \(error)")
            }
        }
    }
}

/// Prints each forwarded analytics event in the transcript, then hands it to the PostHog sink.
struct TranscriptAnalyticsSink: AnalyticsSink {
    let delivery: PostHogSink

    func record(_ event: AnalyticsEvent) async throws {
        let parameters = event.properties.filter {
            !["eid", "sid", "ts", "tz", "did", "uid", "ctx", "client_plat"].contains($0.key)
        }
        DemoTranscript.line(
            "analytics",
            "\(event.name) \(JSONValue.object(parameters).jsonString) (uid \(event.userID ?? "-"), ctx \(event.properties["ctx"]?.jsonString ?? "-"))"
        )
        try await delivery.record(event)
    }
}

/// The readable transcript a headless demo prints.
enum DemoTranscript {
    static func line(_ source: String, _ text: String) {
        FileHandle.standardOutput.write(
            Data("\(source.padding(toLength: 10, withPad: " ", startingAt: 0)) \(text)\n".utf8))
    }

    static func page(_ name: String, _ report: JSONValue) {
        line(
            "page",
            [report["step"]?.stringValue, report["detail"].map(\.jsonString)].compactMap { $0 }.joined(separator: "  "))
    }
}
#endif
