#if canImport(WebKit)
@_spi(Adapters) import TodayBridge
import WebKit

extension WebKitBridge {
    /// Hands one message to the core, which calls `replyHandler` exactly once (C5).
    func receive(
        _ message: WKScriptMessage, route: WebKitMessageHandler.Route,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    ) {
        guard let webView = message.webView else {
            replyHandler(nil, nil)  // the view is going away; its connection closes with it
            return
        }
        let link = link(for: webView)
        switch route {
        case .pageWorld: receiveFromPageWorld(message, link: link, replyHandler: replyHandler)
        case .relay: receiveRelayed(message, link: link, replyHandler: replyHandler)
        }
    }

    /// WebKit's own handler in the page world: a sub-frame's message, judged by the main document
    /// as the main frame last reported it (C8). The main frame's channel is the relay's: a
    /// main-frame message here went around it, so it is not taken for the main document (an
    /// unidentified frame, S1). The bridge's channel posts text (`webkit/frame-channel.ts`), which
    /// WebKit carries as it is whatever the SDK the app was linked with, and is answered with JSON
    /// text; a body of any other kind (a frame the channel's script did not run in) is read as
    /// WebKit converted it and answered with Foundation values.
    private func receiveFromPageWorld(
        _ message: WKScriptMessage, link: WebViewLink,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    ) {
        let mainDocumentURL = link.mainDocument.url
        let sender =
            message.frameInfo.isMainFrame
            ? SenderFacts.unidentifiedFrame(mainDocumentURL: mainDocumentURL)
            : SenderFacts(message.frameInfo, mainDocumentURL: mainDocumentURL)
        guard var text = message.body as? String else {
            return dispatch(
                .foundation(message.body), from: sender, link: link, answeringWithText: false,
                replyHandler: replyHandler)
        }
        text.withUTF8 { bytes in
            let request = RelayedText.request(UnsafeRawBufferPointer(bytes))
            dispatch(
                request.map(Self.pageMessage) ?? .foundation(message.body), from: sender, link: link,
                answeringWithText: true, replyHandler: replyHandler)
        }
    }

    /// Hands `message` to the core, whose reply goes to WebKit's `replyHandler` as JSON text
    /// (which the bridge's channels parse) or as Foundation values.
    private func dispatch(
        _ message: PageMessage, from sender: SenderFacts, link: WebViewLink, answeringWithText: Bool,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    ) {
        link.connection.receive(message, from: sender) { reply in
            Task { @MainActor in
                if answeringWithText {
                    let answer = reply.webKitRelayReply
                    replyHandler(answer.text, answer.errorMessage)
                } else {
                    let answer = reply.webKitReply
                    replyHandler(answer.value, answer.errorMessage)
                }
            }
        }
    }

    /// The main frame's relay: a document's notice, or a request of the document the relay of
    /// that token speaks for. WebKit's frame info says which frame the message came through and
    /// that frame's current document; the token says which document sent it (S4).
    private func receiveRelayed(
        _ message: WKScriptMessage, link: WebViewLink,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    ) {
        let frame = message.frameInfo
        guard frame.isMainFrame, var text = message.body as? String else { return replyHandler(nil, nil) }
        text.withUTF8 { bytes in
            guard let relayed = RelayedText(UnsafeRawBufferPointer(bytes)) else {
                return refuseRelayed("not a relayed text", replyHandler: replyHandler)
            }
            switch relayed.request {
            case .began, .restored:
                link.mainDocument.announce(token: relayed.token, url: frame.request.url)
                if case .restored = relayed.request {
                    link.connection.documentWasRestored()
                } else {
                    link.connection.documentDidChange()
                }
                replyHandler(nil, nil)
            case .json, .tooLong, .undefined:
                guard link.mainDocument.isAnnounced(relayed.token) else {
                    // A realm kept after its document left (a popup holding the page's channel):
                    // WebKit reports the frame's current document for it, which it is not (S4).
                    return refuseRelayed(
                        "it came from a document the main frame does not show", replyHandler: replyHandler)
                }
                link.mainDocument.moved(to: frame.request.url)
                let sender = SenderFacts(frame, mainDocumentURL: frame.request.url)
                dispatch(
                    Self.pageMessage(relayed.request), from: sender, link: link, answeringWithText: true,
                    replyHandler: replyHandler)
            }
        }
    }

    /// Answers a relayed message that reaches no capability, as a call of a page that went away,
    /// and reports it.
    private func refuseRelayed(_ why: String, replyHandler: @MainActor @Sendable (Any?, String?) -> Void) {
        bridge.observer.report(.relayRefused, "a message through the relay was refused: \(why)")
        let answer = BridgeReply.rejection(.cancelled("the page went away")).webKitRelayReply
        replyHandler(answer.text, answer.errorMessage)
    }

    private static func pageMessage(_ request: RelayedText.Request) -> PageMessage {
        switch request {
        case .json(let text): .json(utf8: text)
        case .tooLong(let length): .json(javaScriptLength: length) { _ in }
        case .undefined, .began, .restored: .value(nil)
        }
    }
}
#endif
