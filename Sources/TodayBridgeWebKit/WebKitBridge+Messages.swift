#if canImport(WebKit)
import TodayBridge
import WebKit

extension WebKitBridge {
    /// Hands one message on the channel to the core, which calls `replyHandler` exactly once (C5).
    func receive(_ message: WKScriptMessage, replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void) {
        guard let webView = message.webView else {
            replyHandler(nil, nil)  // the view is going away; its connection closes with it
            return
        }
        let sender = SenderFacts(message.frameInfo, mainDocumentURL: webView.url)
        link(for: webView).connection.receive(.foundation(message.body), from: sender) { reply in
            Task { @MainActor in
                let answer = reply.webKitReply
                replyHandler(answer.value, answer.errorMessage)
            }
        }
    }

    /// A new main-frame document started (the document marker ran): a new document (S4).
    func documentDidStart(_ message: WKScriptMessage) {
        guard message.frameInfo.isMainFrame, let webView = message.webView else { return }
        link(for: webView).connection.documentDidChange()
    }
}
#endif
