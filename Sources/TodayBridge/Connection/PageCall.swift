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
