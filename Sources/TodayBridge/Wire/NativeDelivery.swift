/// What the host hands the page's web SDK as the `detail` of a ``WireProtocol/nativeEvent``
/// DOM event: a native event (X3), a native call (X4), or a stream's values or end (ST2, ST5).
package enum NativeDelivery: Sendable, Hashable {
    case event(NativeEventDelivery)
    case call(NativeCallDelivery)
    case streamValues(StreamValuesDelivery)
    case streamEnd(StreamEndDelivery)

    /// The `detail` as JSON.
    package var detail: JSONValue {
        switch self {
        case .event(let event): Self.encoded(event)
        case .call(let call): Self.encoded(call)
        case .streamValues(let values): Self.encoded(values)
        case .streamEnd(let end): Self.encoded(end)
        }
    }

    private static func encoded(_ value: some Encodable) -> JSONValue {
        // Strings and JSON values only: encoding cannot fail.
        (try? JSONValueEncoder().encode(value)) ?? .null
    }
}

/// `{ kind: 'event', name, data? }`: a native event (X3).
@_spi(Adapters) public struct NativeEventDelivery: Codable, Sendable, Hashable {
    @_spi(Adapters) public enum Kind: String, Codable, Sendable, CaseIterable { case event }
    @_spi(Adapters) public var kind = Kind.event
    @_spi(Adapters) public var name: String
    @_spi(Adapters) public var data: JSONValue?

    @_spi(Adapters) public init(name: String, data: JSONValue?) {
        self.name = name
        self.data = data
    }
}

/// `{ kind: 'call', id, name, args? }`: a native call the page answers with ``NativeCallReply`` (X4).
@_spi(Adapters) public struct NativeCallDelivery: Codable, Sendable, Hashable {
    @_spi(Adapters) public enum Kind: String, Codable, Sendable, CaseIterable { case call }
    @_spi(Adapters) public var kind = Kind.call
    @_spi(Adapters) public var id: String
    @_spi(Adapters) public var name: String
    @_spi(Adapters) public var args: JSONValue?

    @_spi(Adapters) public init(id: String, name: String, args: JSONValue?) {
        self.id = id
        self.name = name
        self.args = args
    }
}
