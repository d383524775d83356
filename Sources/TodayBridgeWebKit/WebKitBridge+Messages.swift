#if canImport(WebKit)
import TodayBridge
import WebKit

extension WebKitBridge {
    /// Answers one message on the channel, calling `replyHandler` exactly once (C5).
    func receive(_ message: WKScriptMessage, replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void) {
        guard let webView = message.webView else {
            replyHandler(nil, nil)  // the view is going away; its connection closes with it
            return
        }
        let connection = link(for: webView).connection
        let sender = SenderFacts(message.frameInfo, mainDocumentURL: webView.url, document: connection.currentDocument)
        let body = JSONValue(foundationObject: message.body)
        Task { @MainActor in
            let reply: BridgeReply
            if let body {
                // Through the JSON entry point, so the core's size and depth limits apply (X7).
                reply = await connection.receive(json: body.jsonString, from: sender)
            } else {
                reply = connection.refuseUndecodable(WebKitBridgeError.unsupportedMessageBody, from: sender)
            }
            let answer = reply.webKitReply
            replyHandler(answer.value, answer.errorMessage)
        }
    }

    /// A new main-frame document started (the document marker ran): a new document (S4).
    func documentDidStart(_ message: WKScriptMessage) {
        guard message.frameInfo.isMainFrame, let webView = message.webView else { return }
        link(for: webView).connection.documentDidChange()
    }
}
#endif
