#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `{ id, message }`: a request on a string-only channel, as the Android shim writes it (A1, A2).
@_spi(Adapters) public struct StringTransportRequest: Codable, Sendable {
    /// Chosen by the shim; the reply carries it back. Absent for a notification, which gets no reply.
    @_spi(Adapters) public var id: Double?
    /// The message itself; absent for `undefined`.
    @_spi(Adapters) public var message: JSONValue?
    /// Instead of `message`, when its JSON text is longer than the host accepts: that length
    /// (UTF-16 code units, at most its UTF-8 length), which the host refuses (X7) without the
    /// text ever crossing.
    @_spi(Adapters) public var length: Double?
    /// How many attachments the message's byte values name (B2), each carried before the text as
    /// its own `ArrayBuffer` message on the same route (Android with `WEB_MESSAGE_ARRAY_BUFFER`);
    /// absent for none. The host refuses a request whose count is not the number it received.
    @_spi(Adapters) public var attachments: Double?
}

/// A ``StringTransportRequest`` as the transport reads it, field by field as its `Decodable`
/// conformance would (a `null` id or length counts as absent, a repeated key keeps its last
/// value, a `null` message stays `null`), but without a `Decoder` or a dictionary for the
/// envelope, and with its message read member by member (``ParsedMessage``): this runs for every
/// message.
package struct StringTransportEnvelope {
    /// A request that is not `{ id?, message?, length? }` with numbers where numbers go.
    package struct Unreadable: Error, CustomStringConvertible {
        package let description: String
    }

    package var id: Double?
    package var message: ParsedMessage?
    package var length: Double?
    package var attachments: Double?

    /// Reads a request's UTF-8 text within `limits`, its byte values' `attachments` beside it
    /// (B2), which count toward the size (B4).
    package init(parsing text: UnsafeBufferPointer<UInt8>, limits: JSONLimits, attachments: [Data] = []) throws {
        var parser = try JSONParser(bytes: text, limits: limits, attachments: attachments)
        guard parser.isAtObject() else { throw Unreadable(description: "not an object") }
        var unreadable: Unreadable?
        try parser.parseMembers { key, parser throws(JSONParseError) in
            if key == "message" {
                message = try parser.parseMessage()
                return
            }
            let value = try parser.parseValue()
            do throws(Unreadable) {
                switch key {
                case "id": id = try Self.number(value, key)
                case "length": length = try Self.number(value, key)
                case "attachments": self.attachments = try Self.number(value, key)
                default: break
                }
            } catch {
                unreadable = unreadable ?? error
            }
        }
        try parser.finishDocument()
        if let unreadable { throw unreadable }
    }

    private static func number(_ value: JSONValue, _ key: String) throws(Unreadable) -> Double? {
        switch value {
        case .null: nil
        case .number(let number): number
        default: throw Unreadable(description: "\(key) is not a number")
        }
    }
}

/// `{ id, value? }` or `{ id, error }`: the one reply to a request (A1, A2).
@_spi(Adapters) public struct StringTransportReply: Codable, Sendable {
    @_spi(Adapters) public var id: Double
    /// The result; absent for `undefined`.
    @_spi(Adapters) public var value: JSONValue?
    /// The rejection's reason.
    @_spi(Adapters) public var error: String?

    @_spi(Adapters) public init(id: Double, reply: BridgeReply) {
        self.id = id
        switch reply {
        case .value(let value): self.value = value
        case .rejection(let reason): error = reason
        }
    }

    /// The reply as the UTF-8 text the shim reads: compact JSON with sorted keys, as ``JSONValue``
    /// writes an object, written without building one (this runs for every reply).
    @_spi(Adapters) public var utf8: [UInt8] {
        write(attachments: nil)
    }

    /// ``utf8`` for a route that carries bytes beside the text (B2): each byte value written as the
    /// index of its attachment, in the order the attachments are returned, which the host posts
    /// before the text.
    @_spi(Adapters) public var utf8AttachingBytes: (text: [UInt8], attachments: [Data]) {
        let attachments = ByteAttachments()
        let text = write(attachments: attachments)
        return (text, attachments.list)
    }

    private func write(attachments: ByteAttachments?) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        output.append(UInt8(ascii: "{"))
        if let error {
            output.append(contentsOf: #""error":"#.utf8)
            JSONValue.string(error).write(to: &output)
            output.append(UInt8(ascii: ","))
        }
        output.append(contentsOf: #""id":"#.utf8)
        JSONValue.number(id).write(to: &output)
        if let value {
            output.append(contentsOf: #","value":"#.utf8)
            value.write(to: &output, attachments: attachments)
        }
        output.append(UInt8(ascii: "}"))
        return output
    }
}
