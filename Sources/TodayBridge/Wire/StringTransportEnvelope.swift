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

    /// Reads the envelope from its parsed text field by field, as its `Decodable` conformance
    /// would (`null` counts as absent) but without a `Decoder`: this runs for every message.
    package init(json: JSONValue) throws(Unreadable) {
        guard case .object(let fields) = json else { throw Unreadable(description: "not an object") }
        func number(_ key: String) throws(Unreadable) -> Double? {
            switch fields[key] {
            case nil, .null?: return nil
            case .number(let value)?: return value
            default: throw Unreadable(description: "\(key) is not a number")
            }
        }
        id = try number("id")
        length = try number("length")
        message = fields["message"] == .null ? nil : fields["message"]
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

    /// The reply as the text the shim reads.
    package var text: String {
        var fields: [String: JSONValue] = ["id": .number(id)]
        fields["value"] = value
        fields["error"] = error.map(JSONValue.string)
        return JSONValue.object(fields).jsonString
    }
}
