import Foundation
import TodayBridge

/// The shapes of the standard library's containers and of the types every bridge knows, read as
/// ``BridgeShaped`` types are, without making them `BridgeShaped` for every app (X6).
protocol StandardShaped {
    static var standardShape: TypeShape { get }
    static var standardPlaceholder: Self { get }
}

extension Array: StandardShaped where Element: Decodable {
    static var standardShape: TypeShape { .array(ShapeReader.shape(of: Element.self)) }
    static var standardPlaceholder: [Element] { [] }
}

extension Dictionary: StandardShaped where Key == String, Value: Decodable {
    static var standardShape: TypeShape { .record(ShapeReader.shape(of: Value.self)) }
    static var standardPlaceholder: [String: Value] { [:] }
}

extension Optional: StandardShaped where Wrapped: Decodable {
    static var standardShape: TypeShape { .nullable(ShapeReader.shape(of: Wrapped.self)) }
    static var standardPlaceholder: Wrapped? { nil }
}

extension JSONValue: StandardShaped {
    static var standardShape: TypeShape { .unknown }
    static var standardPlaceholder: JSONValue { .null }
}

extension NoResult: StandardShaped {
    static var standardShape: TypeShape { .void }
    static var standardPlaceholder: NoResult { NoResult() }
}

extension Data: StandardShaped {
    static var standardShape: TypeShape { .bytes }
    static var standardPlaceholder: Data { Data() }
}

extension UUID: StandardShaped {
    static var standardShape: TypeShape { .string }
    static var standardPlaceholder: UUID { UUID() }
}

extension URL: StandardShaped {
    static var standardShape: TypeShape { .string }
    static var standardPlaceholder: URL { URL(string: "https://example.com")! }
}
