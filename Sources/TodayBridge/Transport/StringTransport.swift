#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        receive(utf8: request, attachments: nil, from: sender) { reply($0.utf8) }
    }

    /// ``receive(utf8:from:reply:)`` for a route that carries bytes beside the text (B2): Android's
    /// `JavaScriptReplyProxy` with `WEB_MESSAGE_ARRAY_BUFFER`, where the shim posts each of a
    /// message's attachments as an `ArrayBuffer` before its text. `attachments` are the ones the
    /// route carried since its last text, in order; a request whose `attachments` count is not
    /// their number is refused as malformed, its bytes never read; a request that names no
    /// attachments is read without them, and they are dropped (a diagnostic says so). `reply` gets the
    /// reply's text and the bytes its byte values name by index, for the host to post before it.
    @_spi(Adapters) public func receive(
        utf8 request: UnsafeBufferPointer<UInt8>, attachments: [Data], from sender: SenderFacts,
        reply: @escaping @Sendable (_ text: [UInt8], _ attachments: [Data]) -> Void
    ) {
        receive(utf8: request, attachments: .some(attachments), from: sender) { answer in
            let (text, attachments) = answer.utf8AttachingBytes
            reply(text, attachments)
        }
    }

    /// Reads a request in the base64 form (`attachments` nil) or the attachments form.
    private func receive(
        utf8 request: UnsafeBufferPointer<UInt8>, attachments: [Data]?, from sender: SenderFacts,
        reply: @escaping @Sendable (StringTransportReply) -> Void
    ) {
        if request.isEmpty { return }
        let limits = connection.bridge.configuration.limits.json
        let envelope: StringTransportEnvelope
        do {
            // One more level and a little more text for the envelope around the message.
            let envelopeLimits = JSONLimits(maxBytes: limits.maxBytes + 64, maxDepth: limits.maxDepth + 1)
            let carried = attachments?.count ?? 0
            let attached = Result {
                try StringTransportEnvelope(parsing: request, limits: envelopeLimits, attachments: attachments ?? [])
            }
            var read: StringTransportEnvelope
            if carried > 0, (try? attached.get())?.attachments == nil {
                // ArrayBuffers before a text that does not name them (the page's own, posted to
                // the injected object): unless it names some, they are dropped and the text is
                // read without them.
                let plain = Result { try StringTransportEnvelope(parsing: request, limits: envelopeLimits) }
                if case .success(let named) = plain, named.attachments != nil {
                    read = try attached.get()
                } else {
                    connection.bridge.observer.report(
                        .undecodableMessage, "\(carried) ArrayBuffers before a request that names none: dropped")
                    read = try plain.get()
                }
            } else {
                read = try attached.get()
            }
            envelope = read
            if let declared = envelope.attachments, declared != Double(carried) {
                throw StringTransportEnvelope.Unreadable(
                    description: "it names \(JSONValue.format(declared)) attachments, \(carried) came before it")
            }
        } catch {
            let id = Self.leadingID(of: request)
            connection.receive(.unusable("a string-transport request that is not a request (\(error))"), from: sender) {
                answer in
                if let id { reply(StringTransportReply(id: id, reply: answer)) }
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
            if let id { reply(StringTransportReply(id: id, reply: answer)) }
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
