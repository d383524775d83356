/// The id-correlated string protocol of string-only hosts: Android's `addWebMessageListener` or
/// `@JavascriptInterface`, or anything else that carries strings (A1, A2).
///
/// The web SDK's Android shim sends a request (`{"id":1,"message":{...}}`);
/// the transport hands the message to the connection's one way in and answers with a
/// reply (`{"id":1,"value":...}`, no `value` for `undefined`, or
/// `{"id":1,"error":"reason"}`), which the host posts back to the frame that asked: through
/// Android's `JavaScriptReplyProxy`, or, where only the main frame can be reached, as
/// ``PageDelivery/stringTransportReply(_:)``. A request without an id is a notification: it is
/// dispatched and gets no reply. Everything else (dispatch, policy, limits) is the connection's.
///
/// ```swift
/// let transport = StringTransport(connection: connection)
/// transport.receive(text, from: facts) { reply in replyProxy.postMessage(reply) }
/// ```
public struct StringTransport: Sendable {
    /// The connection that answers the messages.
    public let connection: BridgeConnection

    /// Creates a transport over a connection.
    public init(connection: BridgeConnection) {
        self.connection = connection
    }

    /// Answers one request: `reply` is called once with the reply text, or never for a
    /// notification or a request with no usable id (nothing could be answered).
    ///
    /// A request too large, too deep or malformed is still answered `undefined` (X7) when its
    /// text starts with the shim's `{"id":N,`, so the page's promise settles (C5). The empty text
    /// is the shim's notice of a new main document (A1), no request: it gets nothing.
    public func receive(_ request: String, from sender: SenderFacts, reply: @escaping @Sendable (String) -> Void) {
        var request = request
        request.withUTF8 { receive(utf8: $0, from: sender) { reply(String(decoding: $0, as: UTF8.self)) } }
    }

    /// ``receive(_:from:reply:)`` for a request given as UTF-8 bytes, read as if they were made a
    /// `String` first (ill-formed sequences repaired), answered with the reply's UTF-8: a host
    /// that passes bytes (the Android library's Java `byte[]`) makes no string of either.
    @_spi(Adapters) public func receive(
        utf8 request: UnsafeBufferPointer<UInt8>, from sender: SenderFacts, reply: @escaping @Sendable ([UInt8]) -> Void
    ) {
        if request.isEmpty { return }
        let limits = connection.bridge.configuration.limits.json
        let envelope: StringTransportEnvelope
        do {
            // One more level and a little more text for the envelope around the message.
            envelope = try StringTransportEnvelope(
                parsing: request, limits: JSONLimits(maxBytes: limits.maxBytes + 64, maxDepth: limits.maxDepth + 1))
        } catch {
            let id = Self.leadingID(of: request)
            connection.receive(.unusable("a string-transport request that is not a request (\(error))"), from: sender) {
                answer in
                if let id { reply(StringTransportReply(id: id, reply: answer).utf8) }
            }
            return
        }
        let message: PageMessage =
            if let length = envelope.length, envelope.message == nil {
                // Too long to carry: refused by its length, the text never sent.
                .json(javaScriptLength: length) { _ in }
            } else {
                .parsed(envelope.message)
            }
        let id = envelope.id
        connection.receive(message, from: sender) { answer in
            if let id { reply(StringTransportReply(id: id, reply: answer).utf8) }
        }
    }

    /// The id of a request that could not be parsed whole: the number right after a leading
    /// `{"id":` (as the shim writes it), read from at most the first 32 bytes.
    @_spi(Adapters) public static func leadingID(of request: some Collection<UInt8>) -> Double? {
        let prefix = Array(request.prefix(32))
        let opening = Array(#"{"id":"#.utf8)
        guard prefix.starts(with: opening) else { return nil }
        let digits = prefix.dropFirst(opening.count).prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !digits.isEmpty, digits.count <= 15 else { return nil }
        return Double(String(decoding: digits, as: UTF8.self))
    }
}
