#if os(Linux)
/// Android's `JavaScriptReplyProxy`: posts a string to the one injected object that sent a
/// message, in that frame only. Like Android, it is used on the web view's thread (the
/// ``EmulatedWebView`` actor); a message to a frame that has gone is dropped.
package final class JavaScriptReplyProxy: Sendable {
    private weak let webView: EmulatedWebView?
    private let context: ChromiumFrames.Context
    private let objectName: String

    init(webView: EmulatedWebView, context: ChromiumFrames.Context, objectName: String) {
        self.webView = webView
        self.context = context
        self.objectName = objectName
    }

    /// `postMessage(String)`: a `message` event on the sender's object, `event.data` the string.
    package func postMessage(_ message: String) async {
        await webView?.deliver(message, to: objectName, in: context)
    }
}

/// Android's `WebViewCompat.WebMessageListener.onPostMessage`, called on the web view's thread:
/// the web view, the message, the sender's origin (`"null"` when opaque), whether it is the
/// main frame, and the proxy that answers it.
package typealias WebMessageListener = @Sendable (
    _ view: isolated EmulatedWebView, _ message: String, _ sourceOrigin: String, _ isMainFrame: Bool, _ replyProxy: JavaScriptReplyProxy
) -> Void
#endif
