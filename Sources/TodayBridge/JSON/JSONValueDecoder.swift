#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes `Decodable` types straight from a ``JSONValue``, without going through text.
///
/// `undefined` (`nil`) decodes as an empty object, so a message with no fields decodes a request
/// whose fields are all optional. Integers decode only from integral numbers in range; `Data`
/// only from bytes (B1).
///
/// Each `as! T` below follows a check that `T` is that very type: none can fail.
@_spi(Adapters) public struct JSONValueDecoder {
    @_spi(Adapters) public init() {}

    @_spi(Adapters) public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue?) throws -> T {
        if T.self == JSONValue.self, let value { return value as! T }
        return try T(from: Storage(value: value ?? .object([:]), codingPath: []))
    }

    /// The `Decoder` for one value.
    final class Storage: Decoder {
        let value: JSONValue?
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(value: JSONValue?, codingPath: [any CodingKey]) {
            self.value = value
            self.codingPath = codingPath
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard case .object(let members) = value else { throw mismatch([String: JSONValue].self) }
            return KeyedDecodingContainer(KeyedContainer(members: members, codingPath: codingPath))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard case .array(let elements) = value else { throw mismatch([JSONValue].self) }
            return UnkeyedContainer(elements: elements, codingPath: codingPath)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            SingleValueContainer(decoder: self)
        }

        func mismatch(_ type: Any.Type) -> DecodingError {
            DecodingError.typeMismatch(
                type,
                .init(
                    codingPath: codingPath,
                    debugDescription: "expected \(type), found \(value.map(Self.kind) ?? "nothing")"))
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if T.self == JSONValue.self, let value { return value as! T }
            if T.self == Data.self {
                guard case .bytes(let bytes) = value else { throw mismatch(type) }
                return bytes as! T
            }
            return try T(from: self)
        }

        func decodeScalar<T>(_ type: T.Type) throws -> T {
            switch value {
            case .bool(let bool) where T.self == Bool.self: return bool as! T
            case .string(let string) where T.self == String.self: return string as! T
            case .number(let number):
                if T.self == Double.self { return number as! T }
                if T.self == Float.self { return Float(number) as! T }
                if let integer = Self.integer(number, as: type) { return integer }
            default: break
            }
            throw mismatch(type)
        }

        private static func integer<T>(_ number: Double, as type: T.Type) -> T? {
            guard let integerType = type as? any FixedWidthInteger.Type else { return nil }
            return integerType.init(exactly: number) as? T
        }

        private static func kind(_ value: JSONValue) -> String {
            switch value {
            case .null: "null"
            case .bytes: "bytes"
            case .bool: "a boolean"
            case .number(let number): "the number \(JSONValue.format(number))"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: JSONValue]
        let codingPath: [any CodingKey]
        var allKeys: [Key] { members.keys.compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

        func decodeNil(forKey key: Key) throws -> Bool {
            members[key.stringValue].map { $0 == .null } ?? true
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let member = members[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: codingPath, debugDescription: "missing \"\(key.stringValue)\""))
            }
            return try Storage(value: member, codingPath: codingPath + [key]).decode(type)
        }

        /// Absent, or `null` for any type but ``JSONValue``: a `JSONValue?` member tells an
        /// explicit `null` (`.null`) from an absent member (`nil`, JavaScript `undefined`).
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let member = members[key.stringValue], member != .null || type == JSONValue.self else { return nil }
            return try Storage(value: member, codingPath: codingPath + [key]).decode(type)
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try Storage(value: members[key.stringValue], codingPath: codingPath + [key]).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try Storage(value: members[key.stringValue], codingPath: codingPath + [key]).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { Storage(value: .object(members), codingPath: codingPath) }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            Storage(value: members[key.stringValue], codingPath: codingPath + [key])
        }
    }

    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let elements: [JSONValue]
        let codingPath: [any CodingKey]
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }
        var currentIndex = 0

        init(elements: [JSONValue], codingPath: [any CodingKey]) {
            self.elements = elements
            self.codingPath = codingPath
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, elements[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let decoder = try next()
            let value = try decoder.decode(type)
            currentIndex += 1
            return value
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            let container = try next().container(keyedBy: type)
            currentIndex += 1
            return container
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let container = try next().unkeyedContainer()
            currentIndex += 1
            return container
        }

        mutating func superDecoder() throws -> any Decoder {
            let decoder = try next()
            currentIndex += 1
            return decoder
        }

        private func next() throws -> Storage {
            let path = codingPath + [IndexKey(intValue: currentIndex)]
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    Any.self, .init(codingPath: path, debugDescription: "the array has no more elements"))
            }
            return Storage(value: elements[currentIndex], codingPath: path)
        }
    }

    struct SingleValueContainer: SingleValueDecodingContainer {
        let decoder: Storage
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.value == nil || decoder.value == .null }
        func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeScalar(type) }
        func decode(_ type: String.Type) throws -> String { try decoder.decodeScalar(type) }
        func decode(_ type: Double.Type) throws -> Double { try decoder.decodeScalar(type) }
        func decode(_ type: Float.Type) throws -> Float { try decoder.decodeScalar(type) }
        func decode(_ type: Int.Type) throws -> Int { try decoder.decodeScalar(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeScalar(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeScalar(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeScalar(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeScalar(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeScalar(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeScalar(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeScalar(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeScalar(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeScalar(type) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
    }
}

/// An array index as a coding key.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { return nil }
}
