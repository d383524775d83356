/// `{ type: '__today.subscribe', event }`: the page subscribes to a native event and receives
/// what was kept for it (X3).
package struct SubscribeMessage: Codable, Sendable {
    package enum MessageType: String, Codable, Sendable, CaseIterable { case subscribe = "__today.subscribe" }
    package var type: MessageType
    package var event: String
}

/// `{ type: '__today.reply', id, value? | error? | unhandled? }`: the page's answer to a native call (X4).
package struct NativeCallReply: Codable, Sendable {
    package enum MessageType: String, Codable, Sendable, CaseIterable { case reply = "__today.reply" }
    package var type: MessageType
    package var id: String
    /// The handler's value; absent for `undefined`.
    package var value: JSONValue?
    /// The handler's failure.
    package var error: String?
    /// The page has no handler by that name.
    package var unhandled: Bool?

    package init(id: String, value: JSONValue? = nil, error: String? = nil, unhandled: Bool? = nil) {
        type = .reply
        self.id = id
        self.value = value
        self.error = error
        self.unhandled = unhandled
    }
}
