/// A handler the page registers with `bridge.handle` and the host calls, named once with the
/// types of its arguments and result (X4, X6).
///
/// Declare it on the bridge, so the page's generated TypeScript lists it, and call it on a
/// connection; the page's handler is typed by the generated map:
///
/// ```swift
/// struct Draft: Codable, Sendable { var words: Int }
///
/// let confirmLeave = NativeCall("confirmLeave", arguments: Draft.self, result: Bool.self, summary: "asks before leaving a draft")
/// try bridge.declare(confirmLeave)
/// let leave = try await connection.call(confirmLeave, arguments: Draft(words: 120), default: true)
/// ```
///
/// ```ts
/// bridge.handle<AppNativeCalls, 'confirmLeave'>('confirmLeave', (draft) => confirm(`Discard ${draft.words} words?`));
/// ```
///
/// The arguments are `Codable`: encoded for the page, their shape read from their decoding (see
/// ``BridgeShaped``); ``NoResult`` means none (the handler receives `undefined`) or, as the
/// result, a handler that returns nothing. A handler whose arguments and result have no Swift
/// types of their own is a `NativeCall<JSONValue, JSONValue>`.
public struct NativeCall<Arguments: Codable & Sendable, Result: Decodable & Sendable>: Sendable, Hashable {
    /// The name the page's handler is registered under.
    public let name: String
    /// One line for the generated TypeScript's doc comment.
    public let summary: String?

    /// Names a page handler and the types of its arguments and result.
    public init(
        _ name: String, arguments: Arguments.Type = Arguments.self, result: Result.Type = Result.self,
        summary: String? = nil
    ) {
        self.name = name
        self.summary = summary
    }

    package var definition: NativeCallDefinition {
        NativeCallDefinition(name: name, summary: summary, arguments: Arguments.self, result: Result.self)
    }
}
