import Foundation
// TEMPORARY stub of the json branch's API, removed at merge.
public enum JSONValue: Sendable, Hashable, Codable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])
    public subscript(key: String) -> JSONValue? { if case .object(let o) = self { return o[key] }; return nil }
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var boolValue: Bool? { if case .bool(let s) = self { return s }; return nil }
    public var doubleValue: Double? { if case .number(let s) = self { return s }; return nil }
    public var objectValue: [String: JSONValue]? { if case .object(let s) = self { return s }; return nil }
    public var arrayValue: [JSONValue]? { if case .array(let s) = self { return s }; return nil }
    public var isScalar: Bool { switch self { case .string, .number, .bool: true; default: false } }
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null } else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) } else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) } else { self = .object(try c.decode([String: JSONValue].self)) }
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self { case .null: try c.encodeNil(); case .bool(let b): try c.encode(b); case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s); case .array(let a): try c.encode(a); case .object(let o): try c.encode(o) }
    }
    public init(parsing text: String, limits: JSONLimits = .default) throws(JSONParseError) {
        guard text.utf8.count <= limits.maxBytes else { throw JSONParseError(code: "tooLarge") }
        do { self = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) } catch { throw JSONParseError(code: "invalid") }
    }
    public var jsonString: String { String(decoding: try! { let e = JSONEncoder(); e.outputFormatting = .sortedKeys; return try e.encode(self) }(), as: UTF8.self) }
}
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral v: String) { self = .string(v) }
    public init(booleanLiteral v: Bool) { self = .bool(v) }
    public init(integerLiteral v: Int) { self = .number(Double(v)) }
    public init(floatLiteral v: Double) { self = .number(v) }
    public init(arrayLiteral v: JSONValue...) { self = .array(v) }
    public init(dictionaryLiteral v: (String, JSONValue)...) { self = .object(Dictionary(v, uniquingKeysWith: { $1 })) }
}
public struct JSONLimits: Sendable, Hashable { public var maxBytes: Int; public var maxDepth: Int
    public init(maxBytes: Int, maxDepth: Int) { self.maxBytes = maxBytes; self.maxDepth = maxDepth }
    public static let `default` = JSONLimits(maxBytes: 8 << 20, maxDepth: 64) }
public struct JSONParseError: Error, Hashable { public let code: String }
public struct NoResult: Codable, Sendable, Hashable { public init() {}; public func encode(to encoder: Encoder) throws {} ; public init(from decoder: Decoder) throws {} }
package struct JSONValueDecoder { package init() {}
    package func decode<T: Decodable>(_ type: T.Type, from value: JSONValue?) throws -> T {
        try JSONDecoder().decode(T.self, from: Data((value ?? [:]).jsonString.utf8)) } }
package struct JSONValueEncoder { package init() {}
    package func encode<T: Encodable>(_ value: T) throws -> JSONValue? {
        if value is NoResult { return nil }
        return try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value)) } }
