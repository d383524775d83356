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
