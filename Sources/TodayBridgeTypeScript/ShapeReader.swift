import TodayBridge

/// Reads a `Decodable` type's shape by letting it decode from a recorder (X6).
///
/// A synthesized `init(from:)` asks for each property by key and type, in declaration order;
/// the recorder notes each request and answers with a placeholder value. Types that cannot be
/// read this way (custom validation in `init(from:)`, recursion) conform to ``BridgeShaped``.
@_spi(Tools) public enum ShapeReader {
    /// Nested types deeper than this read as `unknown`, which also ends recursive types.
    static let maxDepth = 16

    @TaskLocal static var depth = 0

    /// The shape of `type`; `unknown` for a type whose decoding cannot be read.
    @_spi(Tools) public static func shape(of type: any Decodable.Type) -> TypeShape {
        (try? read(type).shape) ?? .unknown
    }

    /// The shape of `type` and a placeholder value of it.
    static func read<Value: Decodable>(_ type: Value.Type) throws -> (shape: TypeShape, value: Value) {
        // The placeholders are of `type` itself: the casts cannot fail.
        if let shaped = type as? any BridgeShaped.Type {
            return (shaped.bridgeShape, shaped.bridgePlaceholder as! Value)
        }
        if let standard = type as? any StandardShaped.Type {
            return (standard.standardShape, standard.standardPlaceholder as! Value)
        }
        if let primitive = PrimitiveShape.read(type) { return primitive }
        if let enumeration = StringEnumShape.read(type) { return enumeration }
        guard depth < maxDepth else { throw ShapeReaderError.tooDeep }
        return try $depth.withValue(depth + 1) {
            let decoder = ShapeDecoder()
            let value = try Value(from: decoder)
            return (decoder.shape, value)
        }
    }
}

enum ShapeReaderError: Error {
    case tooDeep
    case unsupported
}

/// The shapes and placeholders of the standard library's scalar types.
enum PrimitiveShape {
    static func read<Value>(_ type: Value.Type) -> (shape: TypeShape, value: Value)? {
        if let value = "" as? Value { return (.string, value) }
        if let value = false as? Value { return (.boolean, value) }
        let zeros: [Any] = [
            0.0, Float(0), 0, Int8(0), Int16(0), Int32(0), Int64(0), UInt(0), UInt8(0), UInt16(0), UInt32(0), UInt64(0),
        ]
        for zero in zeros {
            if let value = zero as? Value { return (.number, value) }
        }
        return nil
    }
}

/// The shape of a `CaseIterable` enum with `String` raw values: a union of its raw values.
enum StringEnumShape {
    static func read<Value>(_ type: Value.Type) -> (shape: TypeShape, value: Value)? {
        guard let enumeration = type as? any (CaseIterable & RawRepresentable).Type,
            let (names, first) = cases(of: enumeration),
            let value = first as? Value
        else { return nil }
        return (.literals(names), value)
    }

    private static func cases<Enumeration: CaseIterable & RawRepresentable>(
        of type: Enumeration.Type
    ) -> (names: [String], first: Enumeration)? {
        let all = Array(Enumeration.allCases)
        let names = all.compactMap { $0.rawValue as? String }
        guard let first = all.first, names.count == all.count else { return nil }
        return (names, first)
    }
}

/// The recording `Decoder`: it remembers what the type asked for.
final class ShapeDecoder: Decoder {
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]
    var fields: [TypeShape.Field] = []
    /// A type that asks for nothing (an empty struct) is a message without fields.
    var shape: TypeShape = .object([])

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        shape = .object([])
        return KeyedDecodingContainer(KeyedShapeContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        UnkeyedShapeContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleShapeContainer(decoder: self)
    }

    func record(_ field: TypeShape.Field) {
        fields.append(field)
        shape = .object(fields)
    }
}

struct KeyedShapeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ShapeDecoder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }

    private func field<Value: Decodable>(_ type: Value.Type, _ key: Key) throws -> Value {
        let (shape, value) = try ShapeReader.read(type)
        decoder.record(.init(name: key.stringValue, shape: shape))
        return value
    }

    private func optionalField<Value: Decodable>(_ type: Value.Type, _ key: Key) -> Value? {
        decoder.record(.init(name: key.stringValue, shape: ShapeReader.shape(of: type), isOptional: true))
        return nil
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try field(type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { optionalField(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try field(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { optionalField(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try field(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { optionalField(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try field(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { optionalField(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try field(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { optionalField(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try field(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { optionalField(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try field(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { optionalField(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try field(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { optionalField(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try field(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { optionalField(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try field(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { optionalField(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try field(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { optionalField(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try field(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { optionalField(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try field(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { optionalField(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try field(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { optionalField(type, key) }
    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value { try field(type, key) }
    func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        optionalField(type, key)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw ShapeReaderError.unsupported
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw ShapeReaderError.unsupported
    }
    func superDecoder() throws -> any Decoder { throw ShapeReaderError.unsupported }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw ShapeReaderError.unsupported }
}

/// Reads one element's shape, then reports the end of the array.
struct UnkeyedShapeContainer: UnkeyedDecodingContainer {
    let decoder: ShapeDecoder
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 1 }
    var isAtEnd: Bool { currentIndex > 0 }
    var currentIndex = 0

    init(decoder: ShapeDecoder) {
        self.decoder = decoder
        decoder.shape = .array(.unknown)
    }

    mutating func decodeNil() throws -> Bool { false }

    private mutating func element<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let (shape, value) = try ShapeReader.read(type)
        decoder.shape = .array(shape)
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try element(type) }
    mutating func decode(_ type: String.Type) throws -> String { try element(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try element(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try element(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try element(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try element(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try element(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try element(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try element(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try element(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try element(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try element(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try element(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try element(type) }
    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try element(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw ShapeReaderError.unsupported
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw ShapeReaderError.unsupported }
    mutating func superDecoder() throws -> any Decoder { throw ShapeReaderError.unsupported }
}

struct SingleShapeContainer: SingleValueDecodingContainer {
    let decoder: ShapeDecoder
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }

    private func value<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let (shape, value) = try ShapeReader.read(type)
        decoder.shape = shape
        return value
    }

    func decode(_ type: Bool.Type) throws -> Bool { try value(type) }
    func decode(_ type: String.Type) throws -> String { try value(type) }
    func decode(_ type: Double.Type) throws -> Double { try value(type) }
    func decode(_ type: Float.Type) throws -> Float { try value(type) }
    func decode(_ type: Int.Type) throws -> Int { try value(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try value(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try value(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try value(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try value(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try value(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try value(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try value(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try value(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try value(type) }
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try value(type) }
}
