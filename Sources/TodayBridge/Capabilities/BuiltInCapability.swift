/// A capability the bridge answers itself (T2 to T4), which may take a shorter way than an app's.
///
/// Every requirement has a default, the way an app's ``BridgeCapability`` runs: each call in a
/// task, its request decoded, its result encoded, a failure rejected. A built-in capability
/// implements only what it does differently. ``RegisteredCapability/init(builtIn:)`` reads them
/// once, as the capability is registered, so nothing asks a call's way as its message arrives.
package protocol BuiltInCapability: BridgeCapability {
    /// Answers a call as its message arrives, on the thread that received it, when it can without
    /// awaiting anything (`headers` with a token the host pushed); `.later` leaves the call to its
    /// task. By default `.later`, always.
    func answerAtOnce(_ message: ParsedMessage, context: CapabilityContext) -> CapabilityAnswer

    /// Reads a call's request from its message (C2). By default decoded, a message that does not
    /// match rejecting as `invalidRequest` (X1); read leniently, without a `Decoder`, when the
    /// request is ``MessageReadable``.
    static func readRequest(from message: JSONValue) throws(BridgeError) -> Request

    /// Writes a call's result as the page receives it. By default encoded; written straight,
    /// without an `Encoder`, when the result is ``JSONValueWritable``.
    static func writeResult(_ result: Result) throws -> JSONValue?

    /// What the page gets when a call fails, times out or is cancelled. By default the rejection;
    /// a capability whose contract forbids rejecting (`establishSession`, T4) answers otherwise.
    static func failureReply(for error: BridgeError) -> BridgeReply
}

extension BuiltInCapability {
    package func answerAtOnce(_: ParsedMessage, context _: CapabilityContext) -> CapabilityAnswer {
        .later
    }

    package static func readRequest(from message: JSONValue) throws(BridgeError) -> Request {
        try RegisteredCapability.decode(Request.self, from: message, for: Self.type)
    }

    package static func writeResult(_ result: Result) throws -> JSONValue? {
        try JSONValueEncoder().encode(result)
    }

    package static func failureReply(for error: BridgeError) -> BridgeReply {
        .rejection(error)
    }
}

extension BuiltInCapability where Request: MessageReadable {
    package static func readRequest(from message: JSONValue) -> Request {
        Request(message: .value(message))
    }
}

extension BuiltInCapability where Result: JSONValueWritable {
    package static func writeResult(_ result: Result) -> JSONValue? {
        result.jsonValue
    }
}
