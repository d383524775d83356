/// A page call being answered by a capability.
package struct PageCall: Sendable {
    package let document: DocumentID
    package let deadline: BridgeInstant
    package let type: String
    /// The message, kept for its size in the trace (X5).
    package let message: JSONValue
    package let failureReply: @Sendable (BridgeError) -> BridgeReply
    package let reply: PageReply
    package var task: Task<Void, Never>?

    /// Answers the page.
    package func settle(_ outcome: CallOutcome) {
        reply.settle(outcome, type: type, requestBytes: message.jsonUTF8.count)
    }

    /// Settles the call with a failure and stops its handler.
    package func fail(_ error: BridgeError, as outcome: BridgeTrace.Outcome) {
        task?.cancel()
        settle(.failed(error, as: outcome, reply: failureReply))
    }
}

/// A native-to-web call awaiting the page's reply (X4).
package struct PendingNativeCall: Sendable {
    package let document: DocumentID
    package let deadline: BridgeInstant
    package let resume: @Sendable (NativeCallAnswer) -> Void
}
