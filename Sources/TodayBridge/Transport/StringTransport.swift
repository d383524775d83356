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
    ///
    /// A request too large, too deep or malformed is still answered `undefined` (X7) when its
    /// text starts with the shim's `{"id":N,`, so the page's promise settles (C5).
    public func receive(_ request: String, from sender: SenderFacts) async -> String? {
        let envelope: JSONValue
        do {
            envelope = try JSONValue(parsing: request, limits: connection.bridge.configuration.limits.json)
        } catch {
            _ = connection.refuseUndecodable(error, from: sender)
            return Self.leadingID(of: request).map { Self.encode(.undefined, id: $0) }
        }
        guard let id = envelope["id"], id.isScalar, id.boolValue == nil else {
            _ = connection.refuseUndecodable(StringTransportError.missingID, from: sender)
            return nil
        }
        let reply = await connection.receive(envelope["message"], from: sender)
        return Self.encode(reply, id: id)
    }

    /// The id of a request that could not be parsed whole: the number right after a leading
    /// `{"id":` (as the shim writes it), read from at most the first 32 bytes.
    static func leadingID(of request: String) -> JSONValue? {
        let prefix = Array(request.utf8.prefix(32))
        let opening = Array(#"{"id":"#.utf8)
        guard prefix.starts(with: opening) else { return nil }
        let digits = prefix.dropFirst(opening.count).prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !digits.isEmpty, digits.count <= 15, let id = Double(String(decoding: digits, as: UTF8.self)) else { return nil }
        return .number(id)
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
