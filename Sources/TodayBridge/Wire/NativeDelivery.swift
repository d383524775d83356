/// What the host hands the page's web SDK as the `detail` of a ``WireProtocol/nativeEvent``
/// DOM event: a native event (X3) or a native call (X4).
package enum NativeDelivery: Sendable, Hashable {
    case event(NativeEventDelivery)
    case call(NativeCallDelivery)

    /// The `detail` as JSON.
    package var detail: JSONValue {
        switch self {
        case .event(let event): Self.encoded(event)
        case .call(let call): Self.encoded(call)
        }
    }

    private static func encoded(_ value: some Encodable) -> JSONValue {
        // Strings and JSON values only: encoding cannot fail.
        (try? JSONValueEncoder().encode(value)) ?? .null
    }
}

/// `{ kind: 'event', name, data? }`: a native event (X3).
package struct NativeEventDelivery: Codable, Sendable, Hashable {
    package enum Kind: String, Codable, Sendable, CaseIterable { case event }
    package var kind = Kind.event
    package var name: String
    package var data: JSONValue?

    package init(name: String, data: JSONValue?) {
        self.name = name
        self.data = data
    }
}

/// `{ kind: 'call', id, name, args? }`: a native call the page answers with ``NativeCallReply`` (X4).
package struct NativeCallDelivery: Codable, Sendable, Hashable {
    package enum Kind: String, Codable, Sendable, CaseIterable { case call }
    package var kind = Kind.call
    package var id: String
    package var name: String
    package var args: JSONValue?

    package init(id: String, name: String, args: JSONValue?) {
        self.id = id
        self.name = name
        self.args = args
    }
}
