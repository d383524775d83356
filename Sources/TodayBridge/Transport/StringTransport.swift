/// The id-correlated string protocol for string-only hosts: Android's `addWebMessageListener`
/// or `@JavascriptInterface`, or Chromium's `Runtime.addBinding` (A1, A2).
///
/// The web SDK's Android shim sends `{"id":1,"message":{...}}`; the host answers
/// `{"id":1,"value":...}` (no `value` for `undefined`) or `{"id":1,"error":"reason"}`, and the
/// shim settles each promise exactly once. Everything else (dispatch, policy, limits) is the
/// connection's, exactly as on WebKit.
///
/// ```swift
/// let transport = StringTransport(connection: connection)
/// if let reply = await transport.receive(text, from: facts) {
///     try await frame.evaluate(StringTransport.replyScript(reply))
/// }
/// ```
public struct StringTransport: Sendable {
    /// The connection that answers the messages.
    public let connection: BridgeConnection

    /// Creates a transport over a connection.
    public init(connection: BridgeConnection) {
        self.connection = connection
    }

    /// Answers one request string; `nil` when it carries no usable id (nothing can be answered).
    public func receive(_ request: String, from sender: SenderFacts) async -> String? {
        let envelope: JSONValue
        do {
            envelope = try JSONValue(parsing: request, limits: connection.bridge.configuration.limits.json)
        } catch {
            _ = connection.refuseUndecodable(error, from: sender)
            return nil
        }
        guard let id = envelope["id"], id.isScalar, id.boolValue == nil else {
            _ = connection.refuseUndecodable(StringTransportError.missingID, from: sender)
            return nil
        }
        let reply = await connection.receive(envelope["message"], from: sender)
        return Self.encode(reply, id: id)
    }

    /// The script that hands `reply` to the shim in the frame that sent the request.
    public static func replyScript(_ reply: String) -> String {
        PageScript.stringTransportReply(reply)
    }

    /// `{ id, value }` or `{ id, error }`.
    static func encode(_ reply: BridgeReply, id: JSONValue) -> String {
        var object: [String: JSONValue] = ["id": id]
        switch reply {
        case .value(let value): object["value"] = value
        case .rejection(let reason): object["error"] = .string(reason)
        }
        return JSONValue.object(object).jsonString
    }
}

/// Why a string-transport request could not be answered.
enum StringTransportError: Error, CustomStringConvertible {
    case missingID

    var description: String { "a string-transport request needs a string or number id" }
}
