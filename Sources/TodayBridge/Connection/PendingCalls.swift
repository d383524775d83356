/// A page call being answered by a capability.
package struct PageCall: Sendable {
    package let document: DocumentID
    package let deadline: BridgeInstant
    package let failureReply: @Sendable (BridgeError) -> BridgeReply
    package let resume: @Sendable (CallOutcome) -> Void
    package var task: Task<Void, Never>?

    /// Settles the call with a failure and stops its handler.
    package func fail(_ error: BridgeError, as outcome: BridgeTrace.Outcome) {
        task?.cancel()
        resume(.failed(error, as: outcome, reply: failureReply))
    }
}

/// A native-to-web call awaiting the page's reply (X4).
package struct NativeCall: Sendable {
    package let document: DocumentID
    package let deadline: BridgeInstant
    package let fallback: JSONValue?
    package let resume: @Sendable (Result<JSONValue?, BridgeError>) -> Void
}
