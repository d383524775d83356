/// `{ stream, window }`: how the host answers the message that starts a stream (ST1): the stream
/// is open, and the host sends at most `window` values the page has not acknowledged (ST3).
@_spi(Adapters) public struct StreamOpened: Codable, Sendable, Hashable {
    @_spi(Adapters) public var stream: String
    @_spi(Adapters) public var window: Int

    @_spi(Adapters) public init(stream: String, window: Int) {
        self.stream = stream
        self.window = window
    }
}

/// `{ type: '__today.streamAck', stream, count }`: the page consumed `count` more values of a
/// stream; the host may send as many more (ST3).
@_spi(Adapters) public struct StreamAckMessage: Codable, Sendable {
    @_spi(Adapters) public enum MessageType: String, Codable, Sendable, CaseIterable {
        case streamAck = "__today.streamAck"
    }
    @_spi(Adapters) public var type: MessageType
    @_spi(Adapters) public var stream: String
    @_spi(Adapters) public var count: Int

    @_spi(Adapters) public init(stream: String, count: Int) {
        type = .streamAck
        self.stream = stream
        self.count = count
    }
}

/// `{ type: '__today.streamCancel', stream }`: the page ends a stream (ST4); the host cancels its
/// producer and sends nothing more for it.
@_spi(Adapters) public struct StreamCancelMessage: Codable, Sendable {
    @_spi(Adapters) public enum MessageType: String, Codable, Sendable, CaseIterable {
        case streamCancel = "__today.streamCancel"
    }
    @_spi(Adapters) public var type: MessageType
    @_spi(Adapters) public var stream: String

    @_spi(Adapters) public init(stream: String) {
        type = .streamCancel
        self.stream = stream
    }
}

/// `{ kind: 'streamValues', stream, seq, values }`: a stream's next values, in order, the first
/// numbered `seq`, counting from 0 (ST2).
@_spi(Adapters) public struct StreamValuesDelivery: Codable, Sendable, Hashable {
    @_spi(Adapters) public enum Kind: String, Codable, Sendable, CaseIterable { case streamValues }
    @_spi(Adapters) public var kind = Kind.streamValues
    @_spi(Adapters) public var stream: String
    @_spi(Adapters) public var seq: Int
    @_spi(Adapters) public var values: [JSONValue]

    @_spi(Adapters) public init(stream: String, seq: Int, values: [JSONValue]) {
        self.stream = stream
        self.seq = seq
        self.values = values
    }
}

/// `{ kind: 'streamEnd', stream, end, error? }`: a stream's one end the page is told of (ST5):
/// finished, failed (with the error), or timed out between values.
@_spi(Adapters) public struct StreamEndDelivery: Codable, Sendable, Hashable {
    @_spi(Adapters) public enum Kind: String, Codable, Sendable, CaseIterable { case streamEnd }
    /// How a stream ended, as the page is told.
    @_spi(Adapters) public enum End: String, Codable, Sendable, CaseIterable {
        case finished, failed, timeout
    }
    @_spi(Adapters) public var kind = Kind.streamEnd
    @_spi(Adapters) public var stream: String
    @_spi(Adapters) public var end: End
    /// The failure's code, message and whether it is recoverable; only for `failed` and `timeout`.
    @_spi(Adapters) public var error: WireError?

    @_spi(Adapters) public init(stream: String, end: End, error: WireError?) {
        self.stream = stream
        self.end = end
        self.error = error
    }
}
