/// The one answer a message gets: a value (possibly `undefined`) or a rejection reason.
///
/// Adapters turn it into the engine's reply: WebKit's `replyHandler(value, nil)` or
/// `replyHandler(nil, reason)`, WebKitGTK's `return_value`/`return_error_message`, or the string
/// transport's `{ id, value }` / `{ id, error }`.
public enum BridgeReply: Sendable, Hashable {
    /// Resolve the page's promise; `nil` is JavaScript `undefined`.
    case value(JSONValue?)
    /// Reject the page's promise with this reason (contract C4).
    case rejection(String)

    /// Resolve with `undefined`.
    public static let undefined = BridgeReply.value(nil)

    /// Reject with a structured error (contract X2).
    public static func rejection(_ error: BridgeError) -> BridgeReply {
        .rejection(error.wireReason)
    }
}
