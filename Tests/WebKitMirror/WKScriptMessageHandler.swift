/// Receives the page's `window.webkit.messageHandlers.<name>.postMessage(body)`; the page's promise
/// resolves `undefined`.
@MainActor
public protocol WKScriptMessageHandler: NSObjectProtocol {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

/// Receives the page's `postMessage(body)` and settles its promise through `replyHandler`.
@MainActor
public protocol WKScriptMessageHandlerWithReply: NSObjectProtocol {
    func userContentController(
        _ userContentController: WKUserContentController,
        didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    )
}
