#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A structured-clone JSON value as a page sends it (contract C2), or bytes (B1).
///
/// `undefined` is the absence of a value: APIs take and return `JSONValue?`, and `nil` is
/// `undefined`. Numbers are doubles, as in JavaScript. Bytes are a page's `Uint8Array` (or any
/// view of an `ArrayBuffer`), and reach a page as a `Uint8Array`.
///
/// ```swift
/// let message: JSONValue = ["type": "track", "ename": "opened", "parameters": ["tab": "home"]]
/// message["type"]?.stringValue   // "track"
/// ```
public enum JSONValue: Sendable, Hashable {
    case null
    /// Bytes: a page's `Uint8Array`, `ArrayBuffer` or other view, read as `Data` (B1).
    case bytes(Data)
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

extension JSONValue {
    /// The member named `key` of an object; `nil` when absent or not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The string, if this is one.
    public var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    /// The boolean, if this is one.
    public var boolValue: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    /// The number, if this is one.
    public var doubleValue: Double? {
        guard case .number(let value) = self else { return nil }
        return value
    }

    /// The members, if this is an object.
    public var objectValue: [String: JSONValue]? {
        guard case .object(let value) = self else { return nil }
        return value
    }

    /// The bytes, if this is a byte value.
    public var bytesValue: Data? {
        guard case .bytes(let value) = self else { return nil }
        return value
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        guard case .array(let value) = self else { return nil }
        return value
    }

    /// Whether this is a string, a number or a boolean.
    package var isScalar: Bool {
        switch self {
        case .string, .number, .bool: true
        case .null, .bytes, .array, .object: false
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
    public init(dictionaryLiteral members: (String, JSONValue)...) {
        self = .object(Dictionary(members, uniquingKeysWith: { _, last in last }))
    }
}
