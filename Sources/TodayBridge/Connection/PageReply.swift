/// The one answer to one page message (C5): the adapter's reply function, called exactly once.
///
/// The first settlement traces the message (X5) and answers; a second is dropped and reported.
/// A reply dropped unanswered (a bug, or a connection released with calls pending) answers
/// `undefined` as it goes, so no page promise is left hanging.
package final class PageReply: Sendable {
    private let send: Locked<(@Sendable (BridgeReply) -> Void)?>
    private let bridge: TodayBridge
    private let webView: WebViewID
    private let document: DocumentID
    /// What the trace tells of the sender.
    private let isMainFrame: Bool
    private let origin: SecurityOrigin?
    private let trust: SenderTrust
    private let received: BridgeInstant

    package init(
        bridge: TodayBridge,
        webView: WebViewID,
        document: DocumentID,
        sender: SenderFacts,
        trust: SenderTrust,
        send: @escaping @Sendable (BridgeReply) -> Void
    ) {
        self.send = Locked(send)
        self.bridge = bridge
        self.webView = webView
        self.document = document
        isMainFrame = sender.isMainFrame
        origin = sender.frameOrigin
        self.trust = trust
        received = bridge.clock.now()
    }

    /// Answers the page with `outcome`'s reply, once.
    ///
    /// - Parameter requestBytes: The message's size, for the trace: evaluated only when someone
    ///   listens.
    package func settle(_ outcome: CallOutcome, type: String?, requestBytes: @autoclosure () -> Int? = nil) {
        guard let send = take() else {
            bridge.observer.report(.duplicateReply, "a message was answered twice; the second answer was dropped", type: type)
            return
        }
        bridge.observer.trace {
            let (answer, replyBytes) = outcome.reply.tracedAnswer
            return BridgeTrace(
                kind: .pageMessage, webView: webView, document: document, type: type, isMainFrame: isMainFrame,
                origin: origin, surface: trust.surface?.name, outcome: outcome.outcome, answer: answer,
                errorCode: outcome.errorCode, start: received, duration: bridge.clock.now().seconds(since: received),
                requestBytes: requestBytes(), replyBytes: replyBytes
            )
        }
        send(outcome.reply)
    }

    private func take() -> (@Sendable (BridgeReply) -> Void)? {
        send.withLock { send in
            defer { send = nil }
            return send
        }
    }

    deinit {
        guard let send = take() else { return }
        bridge.observer.report(.droppedReply, "a message's reply was dropped unanswered; answered undefined")
        send(.undefined)
    }
}
