/// What a page message's trace tells besides its outcome (X5), read as the message arrives: a
/// message answered at once is answered through this alone, without a ``PageReply``.
package struct MessageArrival: Sendable {
    let bridge: TodayBridge
    let webView: WebViewID
    let document: DocumentID
    /// What the trace tells of the sender.
    let isMainFrame: Bool
    let origin: SecurityOrigin?
    let trust: SenderTrust
    let received: BridgeInstant

    package init(bridge: TodayBridge, webView: WebViewID, document: DocumentID, sender: SenderFacts, trust: SenderTrust) {
        self.bridge = bridge
        self.webView = webView
        self.document = document
        isMainFrame = sender.isMainFrame
        origin = sender.frameOrigin
        self.trust = trust
        received = bridge.clock.now()
    }

    /// Traces the message with `outcome` and hands `send` its reply: the caller calls this once.
    ///
    /// - Parameter requestBytes: The message's size, for the trace: evaluated only when someone
    ///   listens.
    func answer(_ outcome: CallOutcome, type: String?, requestBytes: () -> Int?, with send: (BridgeReply) -> Void) {
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
}

/// The one answer to one page message that is answered later, by its capability's task (C5): the
/// adapter's reply function, called exactly once.
///
/// The first settlement traces the message (X5) and answers; a second is dropped and reported.
/// A reply dropped unanswered (a bug, or a connection released with calls pending) answers
/// `undefined` as it goes, so no page promise is left hanging.
package final class PageReply: Sendable {
    private let send: Locked<(@Sendable (BridgeReply) -> Void)?>
    private let arrival: MessageArrival

    package init(arrival: MessageArrival, send: @escaping @Sendable (BridgeReply) -> Void) {
        self.send = Locked(send)
        self.arrival = arrival
    }

    /// Answers the page with `outcome`'s reply, once.
    ///
    /// - Parameter requestBytes: The message's size, for the trace: evaluated only when someone
    ///   listens.
    package func settle(_ outcome: CallOutcome, type: String?, requestBytes: @autoclosure () -> Int? = nil) {
        guard let send = take() else {
            arrival.bridge.observer.report(.duplicateReply, "a message was answered twice; the second answer was dropped", type: type)
            return
        }
        arrival.answer(outcome, type: type, requestBytes: requestBytes, with: send)
    }

    private func take() -> (@Sendable (BridgeReply) -> Void)? {
        send.withLock { send in
            defer { send = nil }
            return send
        }
    }

    deinit {
        guard let send = take() else { return }
        arrival.bridge.observer.report(.droppedReply, "a message's reply was dropped unanswered; answered undefined")
        send(.undefined)
    }
}
