/// `{ id, message }`: a request on a string-only channel, as the Android shim writes it (A1, A2).
package struct StringTransportRequest: Codable, Sendable {
    /// Chosen by the shim; the reply carries it back. Absent for a notification, which gets no reply.
    package var id: Double?
    /// The message itself; absent for `undefined`.
    package var message: JSONValue?
    /// Instead of `message`, when its JSON text is longer than the host accepts: that length
    /// (UTF-16 code units, at most its UTF-8 length), which the host refuses (X7) without the
    /// text ever crossing.
    package var length: Double?
}

extension StringTransportRequest {
    /// A request that is not `{ id?, message?, length? }` with numbers where numbers go.
    package struct Unreadable: Error, CustomStringConvertible {
        package let description: String
    }

    /// Reads a request's UTF-8 text within `limits`, field by field as its `Decodable`
    /// conformance would (`null` counts as absent, a repeated key keeps its last value), but
    /// without a `Decoder` or a dictionary for the envelope: this runs for every message.
    package init(parsing text: UnsafeBufferPointer<UInt8>, limits: JSONLimits) throws {
        var unreadable: Unreadable?
        let isObject = try JSONValue.forEachMember(parsing: text, limits: limits) { key, value in
            do throws(Unreadable) {
                switch key {
                case "id": id = try Self.number(value, key)
                case "length": length = try Self.number(value, key)
                case "message": message = value == .null ? nil : value
                default: break
                }
            } catch {
                unreadable = unreadable ?? error
            }
        }
        guard isObject else { throw Unreadable(description: "not an object") }
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
package struct StringTransportReply: Codable, Sendable {
    package var id: Double
    /// The result; absent for `undefined`.
    package var value: JSONValue?
    /// The rejection's reason.
    package var error: String?

    package init(id: Double, reply: BridgeReply) {
        self.id = id
        switch reply {
        case .value(let value): self.value = value
        case .rejection(let reason): error = reason
        }
    }

    /// The reply as the UTF-8 text the shim reads: compact JSON with sorted keys, as ``JSONValue``
    /// writes an object, written without building one (this runs for every reply).
    package var utf8: [UInt8] {
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
