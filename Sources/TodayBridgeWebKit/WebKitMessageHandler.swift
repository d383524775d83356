#if canImport(WebKit)
import WebKit

/// The bridge's handlers. WebKit retains them; each holds the installation, which holds no web
/// view, so a handler never keeps a view alive.
@MainActor
final class WebKitMessageHandler: NSObject, WKScriptMessageHandlerWithReply {
    /// Where a handler is registered, so whose messages it gets.
    enum Route {
        /// The channel in the page world: WebKit's own, which sub-frames use.
        case pageWorld
        /// The main frame's relay, in the bridge's content world.
        case relay
    }

    private let installation: WebKitBridge
    private let route: Route

    init(_ installation: WebKitBridge, route: Route) {
        self.installation = installation
        self.route = route
    }

    func userContentController(
        _ userContentController: WKUserContentController,
        didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    ) {
        installation.receive(message, route: route, replyHandler: replyHandler)
    }
}
#endif
