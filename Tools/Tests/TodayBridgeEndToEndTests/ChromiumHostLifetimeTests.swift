import Foundation
import Testing
import TodayBridge
import TodayBridgeChromium
import ToolSupport
import TodayBridgeTesting

/// The Chromium host holds its connection, which holds the host only weakly: once shut down and
/// let go, nothing keeps the host, its web view or its connection alive.
@Suite("C5 the Chromium host's lifetime")
struct ChromiumHostLifetimeTests {
    @Test("C5 a closed Chromium host is freed, with its emulated web view and its connection")
    func c5ClosedHostIsFreed() async throws {
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: .android),
            tokens: TestTokenProvider(token: nil),
            analytics: RecordingAnalyticsSink(),
            identity: AnalyticsIdentity(deviceID: "device", userID: { nil })
        )
        weak var weakHost: ChromiumBridgeHost?
        weak var weakWebView: EmulatedWebView?
        weak var weakConnection: BridgeConnection?
        do {
            let host = try await ChromiumBridgeHost.launch(bridge: bridge)
            try await host.open(URL(string: "data:text/html,<p>hello</p>")!)
            weakHost = host
            weakWebView = host.webView
            weakConnection = host.connection
            await host.shutdown()
        }
        #expect(await eventually(within: 20) { weakHost == nil && weakWebView == nil && weakConnection == nil })
    }
}
