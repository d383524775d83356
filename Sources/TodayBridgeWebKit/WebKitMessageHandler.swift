#if canImport(WebKit)
import WebKit

/// The channel's handler. WebKit retains it; it holds the installation, which holds no web view,
/// so the handler never keeps a view alive.
@MainActor
final class WebKitMessageHandler: NSObject, WKScriptMessageHandlerWithReply {
    private let installation: WebKitBridge

    init(_ installation: WebKitBridge) {
        self.installation = installation
    }

    func userContentController(
        _ userContentController: WKUserContentController,
        didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    ) {
        installation.receive(message, replyHandler: replyHandler)
    }
}
#endif
