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
