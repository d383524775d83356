#if canImport(TodayBridgeGTK)
import CWebKitGTK
import Foundation
import TodayBridge
import TodayBridgeGTK
import TodayBridgePostHog
import TodayDemoBackend

/// The demo's native side: its bridge, its custom capability and the events it sends.
enum DemoHost {
    struct DeviceInfoRequest: Decodable, Sendable {
        var detail: Bool?
    }

    struct DeviceInfo: Codable, Sendable {
        var engine: String
        var system: String
        var uptimeSeconds: Int
    }

    static func bridge(backend: DemoBackend, analytics: PostHogSink) -> TodayBridge {
        let surface = try! TrustedSurface(name: "demo", origins: [backend.secureOrigin], extraHeaders: ["X-Client": "today-demo"])
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: .linux, surfaces: [surface]),
            // The first token is already expired: the page's first API call gets a 401.
            tokens: EndpointTokenProvider(base: URL(string: backend.cleartextOrigin + "/token")!, firstTokenLifetime: 0),
            analytics: TranscriptAnalyticsSink(delivery: analytics),
            identity: AnalyticsIdentity(deviceID: "demo-device", sessionID: UUID().uuidString, userID: { "demo-user" })
        )
        try! bridge.register("device.info", access: .trustedSurface, summary: "what the native side runs on") { (_: DeviceInfoRequest, _) in
            DeviceInfo(engine: "WebKitGTK", system: ProcessInfo.processInfo.operatingSystemVersionString, uptimeSeconds: Int(ProcessInfo.processInfo.systemUptime))
        }
        return bridge
    }

    /// Sends `host.foreground` once the page is up, the way an app does when it comes back.
    @GLibActor
    static func emitEvents(_ view: UnsafeMutablePointer<WebKitWebView>, _ installation: WebKitGTKBridge) {
        Task {
            try await Task.sleep(nanoseconds: 1_500_000_000)
            await installation.connection.emit("host.foreground", data: ["reason": "demo"])
            DemoTranscript.line("host", "emitted host.foreground")
        }
    }
}

/// Prints each forwarded analytics event in the transcript, then hands it to the PostHog sink.
struct TranscriptAnalyticsSink: AnalyticsSink {
    let delivery: PostHogSink

    func record(_ event: AnalyticsEvent) async throws {
        let parameters = event.properties.filter { !["eid", "sid", "ts", "tz", "did", "uid", "ctx", "client_plat"].contains($0.key) }
        DemoTranscript.line("analytics", "\(event.name) \(JSONValue.object(parameters).jsonString) (uid \(event.userID ?? "-"), ctx \(event.properties["ctx"]?.jsonString ?? "-"))")
        try await delivery.record(event)
    }
}

/// The readable transcript a headless demo prints.
enum DemoTranscript {
    static func line(_ source: String, _ text: String) {
        FileHandle.standardOutput.write(Data("\(source.padding(toLength: 10, withPad: " ", startingAt: 0)) \(text)\n".utf8))
    }

    static func page(_ name: String, _ report: JSONValue) {
        line("page", [report["step"]?.stringValue, report["detail"].map(\.jsonString)].compactMap { $0 }.joined(separator: "  "))
    }
}
#endif
