/// A type that states its own shape for the generated TypeScript (X6).
///
/// Structs with synthesized `Decodable` need nothing: their shape is read from their decoding
/// (by `TodayBridgeTypeScript`, which renders the page's types), `CaseIterable` `String` enums become
/// a union of literals (`'free' | 'plus'`), and arrays, `[String: Value]` dictionaries, optionals,
/// ``JSONValue``, ``NoResult``, `UUID` and `URL` are known. Conform types whose `init(from:)`
/// validates or recurses; conforming needs only this module:
///
/// ```swift
/// struct Cents: Codable, BridgeShaped {
///     static let bridgeShape = TypeShape.number
///     static let bridgePlaceholder = Cents(0)
///     // a custom init(from:) that refuses negative amounts
/// }
/// ```
public protocol BridgeShaped {
    /// The shape the page sees.
    static var bridgeShape: TypeShape { get }
    /// Any value of the type, returned while the generator reads the shape of the enclosing type.
    static var bridgePlaceholder: Self { get }
}
