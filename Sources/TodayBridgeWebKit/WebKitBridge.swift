#if canImport(WebKit)
import TodayBridge
import WebKit

/// The Today bridge installed in a WebKit configuration: each web view made from it gets its own
/// `BridgeConnection`.
///
/// ``install(_:in:)-(_,WKWebViewConfiguration)`` adds, before the view exists, the channel
/// `window.webkit.messageHandlers.<channelName>` (C1): in the main frame over a relay in the
/// bridge's own content world, which binds each message to the document that sent it and tells
/// each main-frame document apart, a restored one included (S4); in sub-frames, over WebKit's own
/// handler. Either way only strings cross WebKit, both ways, so the SDK the app is linked with
/// changes nothing a page sends or gets. And the platform tag at document start in the main frame
/// only (C7). Every decision is the core's: this type only carries messages, replies, scripts and
/// cookies, with the sender's identity taken from WebKit's frame info (C8).
///
/// ```swift
/// let configuration = WKWebViewConfiguration()
/// let installed = WebKitBridge.install(bridge, in: configuration)
/// let webView = WKWebView(frame: .zero, configuration: configuration)
/// webView.load(URLRequest(url: URL(string: "https://feed.example.com/app/")!))
/// await installed.connection(for: webView).emit(.foreground)
/// ```
@MainActor
public final class WebKitBridge {
    /// The bridge whose connections this installation makes.
    public let bridge: TodayBridge

    private init(bridge: TodayBridge) {
        self.bridge = bridge
    }

    /// Installs `bridge` in `configuration` before any web view is made from it.
    ///
    /// Installing again in the same configuration (or one sharing its user content controller)
    /// returns the first installation.
    @discardableResult
    public static func install(_ bridge: TodayBridge, in configuration: WKWebViewConfiguration) -> WebKitBridge {
        install(bridge, into: configuration.userContentController)
    }

    /// Installs `bridge` in the configuration of an existing `webView` and connects it. Scripts
    /// apply from the view's next navigation: install before the first load.
    @discardableResult
    public static func install(_ bridge: TodayBridge, in webView: WKWebView) -> WebKitBridge {
        let installation = install(bridge, into: webView.configuration.userContentController)
        _ = installation.connection(for: webView)
        return installation
    }

    /// The installation in `configuration`, if any.
    public static func installed(in configuration: WKWebViewConfiguration) -> WebKitBridge? {
        objc_getAssociatedObject(configuration.userContentController, installationKey) as? WebKitBridge
    }

    /// The connection of `webView`: emit events and call the page through it (X3, X4).
    ///
    /// The view keeps its connection; when the view goes away, the connection closes and every
    /// pending call settles (C5).
    public func connection(for webView: WKWebView) -> BridgeConnection {
        link(for: webView).connection
    }

    /// Reports that `webView`'s content process ended; call it from your navigation delegate's
    /// `webViewWebContentProcessDidTerminate(_:)` (the app owns the delegate, so the bridge does not
    /// take it). Every pending call settles at once, a new document begins, and the connection's
    /// `onWebProcessTermination(_:)` handler runs (C5, S4). WebKit gives no
    /// reason: it is reported as `.unknown`.
    ///
    /// ```swift
    /// func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
    ///     installation.webContentProcessDidTerminate(in: webView)
    ///     webView.reload()
    /// }
    /// ```
    ///
    /// Without it the adapter still learns of most ends: from the view's `url`, which WebKit
    /// clears when no load follows at once (the view outside a window, or WebKit's own reload
    /// refused after a second end within 30 seconds), and from the next document, which settles
    /// what is pending. When WebKit reloads the page itself at once (no delegate method, the view
    /// visible), the reload's new document settles every call as `cancelled`, but only this call
    /// tells the bridge that the process ended. A second report of the same end does nothing.
    public func webContentProcessDidTerminate(in webView: WKWebView) {
        link(for: webView).contentProcessEnded()
    }

    private static let installationKey = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

    private static func install(_ bridge: TodayBridge, into controller: WKUserContentController) -> WebKitBridge {
        if let existing = objc_getAssociatedObject(controller, installationKey) as? WebKitBridge { return existing }
        let installation = WebKitBridge(bridge: bridge)
        let channel = bridge.configuration.channelName
        let relayHandler = WebKitPageScripts.relayHandler(channel: channel)
        let limit = bridge.configuration.limits.maxMessageBytes
        for (source, world, mainFrameOnly) in [
            (WebKitPageScripts.platformTag(bridge.configuration.platform), WKContentWorld.page, true),
            (WebKitPageScripts.relay(handler: relayHandler, maxMessageBytes: limit), WebKitPageScripts.world, true),
            (WebKitPageScripts.channel(channel, maxMessageBytes: limit), WKContentWorld.page, false),
        ] {
            controller.addUserScript(
                WKUserScript(
                    source: source, injectionTime: .atDocumentStart, forMainFrameOnly: mainFrameOnly, in: world))
        }
        controller.addScriptMessageHandler(
            WebKitMessageHandler(installation, route: .pageWorld), contentWorld: .page, name: channel)
        controller.addScriptMessageHandler(
            WebKitMessageHandler(installation, route: .relay), contentWorld: WebKitPageScripts.world, name: relayHandler
        )
        objc_setAssociatedObject(controller, installationKey, installation, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return installation
    }

    /// The link of `webView` to its connection, made on first use and kept by the view.
    func link(for webView: WKWebView) -> WebViewLink {
        let key = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        if let link = objc_getAssociatedObject(webView, key) as? WebViewLink { return link }
        let link = WebViewLink(bridge: bridge, webView: webView)
        objc_setAssociatedObject(webView, key, link, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return link
    }
}
#endif
