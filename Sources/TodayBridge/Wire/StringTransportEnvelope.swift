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
        // A number and JSON values only: encoding cannot fail.
        ((try? JSONValueEncoder().encode(self)) ?? .null).jsonString
    }
}
