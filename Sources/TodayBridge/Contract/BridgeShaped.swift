import Foundation

/// A type that states its own shape for the generated TypeScript (X6).
///
/// Structs with synthesized `Decodable` need nothing: their shape is read from their decoding,
/// and `CaseIterable` `String` enums become a union of literals (`'free' | 'plus'`). Conform
/// types whose `init(from:)` validates or recurses:
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

extension Array: BridgeShaped where Element: Decodable {
    public static var bridgeShape: TypeShape { .array(ShapeReader.shape(of: Element.self)) }
    public static var bridgePlaceholder: [Element] { [] }
}

extension Dictionary: BridgeShaped where Key == String, Value: Decodable {
    public static var bridgeShape: TypeShape { .record(ShapeReader.shape(of: Value.self)) }
    public static var bridgePlaceholder: [String: Value] { [:] }
}

extension Optional: BridgeShaped where Wrapped: Decodable {
    public static var bridgeShape: TypeShape { .nullable(ShapeReader.shape(of: Wrapped.self)) }
    public static var bridgePlaceholder: Wrapped? { nil }
}

extension JSONValue: BridgeShaped {
    public static var bridgeShape: TypeShape { .unknown }
    public static var bridgePlaceholder: JSONValue { .null }
}

extension NoResult: BridgeShaped {
    public static var bridgeShape: TypeShape { .void }
    public static var bridgePlaceholder: NoResult { NoResult() }
}

extension UUID: BridgeShaped {
    public static var bridgeShape: TypeShape { .string }
    public static var bridgePlaceholder: UUID { UUID() }
}

extension URL: BridgeShaped {
    public static var bridgeShape: TypeShape { .string }
    public static var bridgePlaceholder: URL { URL(string: "https://example.com")! }
}
