/// `{ type: '__today.subscribe', event }`: the page subscribes to a native event and receives
/// what was kept for it (X3).
@_spi(Adapters) public struct SubscribeMessage: Codable, Sendable {
    @_spi(Adapters) public enum MessageType: String, Codable, Sendable, CaseIterable {
        case subscribe = "__today.subscribe"
    }
    @_spi(Adapters) public var type: MessageType
    @_spi(Adapters) public var event: String
}

/// `{ type: '__today.reply', id, value? | error? | unhandled? }`: the page's answer to a native call (X4).
@_spi(Adapters) public struct NativeCallReply: Codable, Sendable {
    @_spi(Adapters) public enum MessageType: String, Codable, Sendable, CaseIterable { case reply = "__today.reply" }
    @_spi(Adapters) public var type: MessageType
    @_spi(Adapters) public var id: String
    /// The handler's value; absent for `undefined`.
    @_spi(Adapters) public var value: JSONValue?
    /// The handler's failure.
    @_spi(Adapters) public var error: String?
    /// The page has no handler by that name.
    @_spi(Adapters) public var unhandled: Bool?

    @_spi(Adapters) public init(id: String, value: JSONValue? = nil, error: String? = nil, unhandled: Bool? = nil) {
        type = .reply
        self.id = id
        self.value = value
        self.error = error
        self.unhandled = unhandled
    }
}
