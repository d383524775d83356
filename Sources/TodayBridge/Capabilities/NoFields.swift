/// The request of a capability that takes no fields: any message will do.
package struct NoFields: Decodable, Sendable, MessageReadable, BridgeShaped {
    package init(message _: ParsedMessage) {}
    package init(from _: any Decoder) {}
    package static var bridgeShape: TypeShape { .object([]) }
    package static var bridgePlaceholder: NoFields { NoFields(message: .value(.null)) }
}
