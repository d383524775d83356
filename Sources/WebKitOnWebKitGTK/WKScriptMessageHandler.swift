#if os(Linux)
/// Receives the page's `window.webkit.messageHandlers.<name>.postMessage(body)`, which returns a
/// promise that resolves `undefined` once the handler ran.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkscriptmessagehandler>.
@MainActor
public protocol WKScriptMessageHandler: NSObjectProtocol {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

/// Receives the page's `postMessage(body)` and settles the promise it returned through
/// `replyHandler`: a value (`nil` for `undefined`) fulfils it, an error message rejects it with an
/// `Error` of that message. Call it once; a handler released uncalled rejects the promise.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkscriptmessagehandlerwithreply>
/// (the SDK also offers the `async` form of the method; Swift classes implement either).
@MainActor
public protocol WKScriptMessageHandlerWithReply: NSObjectProtocol {
    func userContentController(
        _ userContentController: WKUserContentController,
        didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    )
}
#endif
