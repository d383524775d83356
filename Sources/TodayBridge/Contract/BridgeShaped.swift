import Foundation

/// A type that states its own shape for the generated TypeScript (X6).
///
/// Structs with synthesized `Decodable` need nothing: their shape is read from their decoding.
/// Conform `String` enums (they get a literal union from `CaseIterable`) and types with custom
/// decoding:
///
/// ```swift
/// enum Tier: String, Codable, CaseIterable, BridgeShaped { case free, plus }
/// // TypeScript: 'free' | 'plus'
/// ```
public protocol BridgeShaped {
    /// The shape the page sees.
    static var bridgeShape: TypeShape { get }
    /// Any value of the type, returned while the generator reads the shape of the enclosing type.
    static var bridgePlaceholder: Self { get }
}

extension BridgeShaped where Self: CaseIterable & RawRepresentable, RawValue == String {
    public static var bridgeShape: TypeShape { .literals(allCases.map(\.rawValue)) }
    public static var bridgePlaceholder: Self { allCases.first! }
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
