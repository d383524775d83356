#if os(Linux)
import TodayBridge
import TodayBridgeTesting
@testable import TodayBridgeWebKit
import WebKit

/// One web view in the mirror engine, with the bridge installed: the tests' page.
///
/// It plays WebKit's part: commits navigations (running the document-start scripts the adapter
/// installed, which in the bridge's own world means posting to that world's handler), posts
/// messages from the main frame or a sub-frame with the frame facts the engine would report, and
/// collects replies.
@MainActor
final class MirrorPage {
    static let trustedPage = URL(string: "https://trusted.example.com/app/home")!

    /// A sub-frame of the page, as WebKit would describe it.
    enum Frame {
        case main
        case subFrame(URL)
    }

    let bridge: TodayBridge
    let tokens: TestTokenProvider
    let analytics = RecordingAnalyticsSink()
    let configuration: WKWebViewConfiguration
    let installation: WebKitBridge
    private(set) var webView: WKWebView?

    init(token: String? = "token-0", platform: Platform = .ios) {
        tokens = TestTokenProvider(token: token)
        let surface = try! TrustedSurface(
            name: "feed",
            origins: ["https://trusted.example.com", "http://trusted.example.com"],
            pathPrefixes: ["/app"],
            extraHeaders: ["X-Client": "today-test"]
        )
        bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: platform, surfaces: [surface]),
            tokens: tokens,
            analytics: analytics,
            identity: AnalyticsIdentity(deviceID: "device-1", sessionID: "session-1", userID: { "user-1" }, timeZone: { "Europe/Paris" })
        )
        configuration = WKWebViewConfiguration()
        configuration.websiteDataStore = .nonPersistent()
        installation = WebKitBridge.install(bridge, in: configuration)
        webView = WKWebView(frame: .zero, configuration: configuration)
    }

    var view: WKWebView { webView! }
    var controller: WKUserContentController { configuration.userContentController }
    var connection: BridgeConnection { installation.connection(for: view) }
    var cookies: [HTTPCookie] { configuration.websiteDataStore.httpCookieStore.mirrorCookies }

    /// Lets the web view go, as an app closing it would.
    func dropWebView() {
        webView = nil
    }

    /// Commits a main-frame navigation: the document-start scripts run in the new document.
    func navigate(to url: URL = MirrorPage.trustedPage) {
        for script in view.mirrorCommitNavigation(to: url) where script.mirrorContentWorld !== WKContentWorld.page {
            // A script in another world reaches only that world's handlers: the marker posts there.
            for (name, replies) in controller.mirrorHandlers(in: script.mirrorContentWorld) where !replies {
                controller.mirrorPost(NSNull(), toHandler: name, in: script.mirrorContentWorld, from: frameInfo(.main))
            }
        }
    }

    /// What WebKit reports about `frame` of this page.
    func frameInfo(_ frame: Frame) -> WKFrameInfo {
        switch frame {
        case .main:
            WKFrameInfo(mirrorMainFrame: true, url: view.url, origin: Self.origin(of: view.url), webView: view)
        case .subFrame(let url):
            WKFrameInfo(mirrorMainFrame: false, url: url, origin: Self.origin(of: url), webView: view)
        }
    }

    /// Posts `body` on the channel from `frame` without waiting for the reply.
    func post(_ body: Any, from frame: Frame = .main) -> MirrorReply {
        controller.mirrorPost(body, toHandler: bridge.configuration.channelName, from: frameInfo(frame))!
    }

    /// Posts `body` on the channel from `frame` and waits for its reply (and for any second one).
    func send(_ body: Any, from frame: Frame = .main) async -> MirrorReply {
        let reply = post(body, from: frame)
        await Self.settle { !reply.answers.isEmpty }
        return reply
    }

    /// Yields until `condition` holds (bounded), then a little longer so that anything wrongly
    /// following (a second reply) shows up too.
    static func settle(rounds: Int = 200_000, _ condition: () -> Bool) async {
        for _ in 0..<rounds where !condition() { await Task.yield() }
        for _ in 0..<100 { await Task.yield() }
    }

    private static func origin(of url: URL?) -> WKSecurityOrigin {
        guard let url, let origin = SecurityOrigin(url: url) else {
            return WKSecurityOrigin(mirrorProtocol: "", host: "", port: 0)
        }
        return WKSecurityOrigin(mirrorProtocol: origin.scheme, host: origin.host, port: origin.port ?? 0)
    }
}

extension MirrorReply {
    /// The only answer's value, as a JSON value; `nil` for `undefined` or a rejection.
    var json: JSONValue? {
        answers.first?.value.flatMap { try? JSONValue(foundationObject: $0) }
    }

    /// The only answer's error message.
    var errorMessage: String? {
        answers.first?.error
    }

    /// Whether the promise resolved `undefined`.
    var isUndefined: Bool {
        answers.count == 1 && answers[0].value == nil && answers[0].error == nil
    }
}
#endif
