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

    /// Reads a request's UTF-8 text within `limits`.
    package init(parsing text: UnsafeBufferPointer<UInt8>, limits: JSONLimits) throws {
        guard text.count <= limits.maxBytes else { throw JSONParseError(code: .tooLarge, offset: 0) }
        var parser = JSONParser(bytes: text, maxDepth: limits.maxDepth)
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
            value.write(to: &output)
        }
        output.append(UInt8(ascii: "}"))
        return output
    }
}
