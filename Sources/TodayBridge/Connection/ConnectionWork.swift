// What one page message and one native call carry on their way through the connection, beside the
// state machine that keeps them (`ConnectionState`): the message's arrival and its one reply, the
// page call a capability's task answers, a call pending in the state machine, how a call was
// settled, and the native caller waiting for the page's answer.

// MARK: A page message

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

    package init(bridge: TodayBridge, webView: WebViewID, document: DocumentID, sender: SenderFacts, trust: SenderTrust)
    {
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
            arrival.bridge.observer.report(
                .duplicateReply, "a message was answered twice; the second answer was dropped", type: type)
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

/// What the connection needs to answer a page call a capability runs for (C5).
package struct PageCall: Sendable {
    package let type: String
    /// The message, kept for its size in the trace (X5).
    package let message: JSONValue
    package let failureReply: @Sendable (BridgeError) -> BridgeReply
    package let reply: PageReply

    /// Answers the page.
    package func settle(_ outcome: CallOutcome) {
        reply.settle(outcome, type: type, requestBytes: message.jsonUTF8.count)
    }

    /// Answers the page with `error` as the capability's contract says, traced by its code
    /// (`cancelled`, `timeout`, `busy`).
    package func fail(_ error: BridgeError) {
        settle(.failed(error, as: BridgeTrace.Outcome(failure: error.code), reply: failureReply))
    }
}

// MARK: A call pending in the state machine

/// A call waiting for its answer in ``ConnectionState``: when it is due, what the connection needs
/// to settle it, and the task answering it (a page call's handler; none for a native call).
package struct PendingCall<Work: Sendable>: Sendable {
    package let deadline: BridgeInstant
    package let work: Work
    package var task: Task<Void, Never>?

    package init(deadline: BridgeInstant, work: Work, task: Task<Void, Never>? = nil) {
        self.deadline = deadline
        self.work = work
        self.task = task
    }
}

extension PendingCall where Work == PageCall {
    /// Stops the call's handler and settles the call with `error` (C5).
    func fail(_ error: BridgeError) {
        task?.cancel()
        work.fail(error)
    }
}

// MARK: How a page call was settled

/// How one page call was settled: the reply, and what the trace reports.
package struct CallOutcome: Sendable {
    package let reply: BridgeReply
    package let outcome: BridgeTrace.Outcome
    package let errorCode: BridgeError.Code?

    package static let malformed = CallOutcome(reply: .undefined, outcome: .malformed, errorCode: nil)
    package static let unknownType = CallOutcome(reply: .undefined, outcome: .unknownType, errorCode: nil)
    package static let denied = CallOutcome(reply: .undefined, outcome: .denied, errorCode: nil)

    package static func resolved(_ value: JSONValue?) -> CallOutcome {
        CallOutcome(reply: .value(value), outcome: .resolved, errorCode: nil)
    }

    /// A failure, answered as the capability's contract says (a rejection, or `undefined` for `track`).
    package static func failed(
        _ error: BridgeError,
        as outcome: BridgeTrace.Outcome,
        reply failureReply: (BridgeError) -> BridgeReply
    ) -> CallOutcome {
        CallOutcome(reply: failureReply(error), outcome: outcome, errorCode: error.code)
    }
}

// MARK: A native call

/// The native caller awaiting the page's answer to a native call (X4).
package struct NativeCallWaiter: Sendable {
    /// Resumes the caller; called exactly once, by whoever takes the call from ``ConnectionState``.
    package let resume: @Sendable (NativeCallAnswer) -> Void
}

/// The page's answer to a native call, as ``NativeCallReply`` carries it (X4).
package enum NativeCallAnswer: Sendable {
    /// The handler's value (`nil` for `undefined`).
    case value(JSONValue?)
    /// The page has no handler by that name: the call resolves with its fallback.
    case unhandled
    /// The handler failed, or the page could not be reached.
    case failure(BridgeError)

    /// Reads `{ value }`, `{ error }` or `{ unhandled: true }`.
    init(_ reply: NativeCallReply) {
        if let message = reply.error {
            self = .failure(.failed(message))
        } else if reply.unhandled == true {
            self = .unhandled
        } else {
            self = .value(reply.value)
        }
    }
}
