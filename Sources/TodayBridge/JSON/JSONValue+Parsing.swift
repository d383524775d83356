#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// Parses strict JSON text (RFC 8259) within `limits` (contract X7).
    ///
    /// Duplicate keys keep the last value, as `JSON.parse` does. Lone UTF-16 surrogates in
    /// `\u` escapes become U+FFFD. An object whose one member is `__today.bytes` is a byte value
    /// (B2): its base64 text, or the index of one of `attachments`, the bytes an engine carried
    /// beside the text.
    public init(
        parsing text: String, limits: JSONLimits = .default, attachments: [Data] = []
    )
        throws(JSONParseError)
    {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(JSONParseError) in
                try JSONValue(parsing: UnsafeRawBufferPointer(bytes), limits: limits, attachments: attachments)
            }
        }
        self = try result.get()
    }

    /// Parses strict JSON text given as UTF-8 bytes, within `limits`; the size, the text's and its
    /// attachments' together (B4), is checked first.
    public init(
        parsing utf8: UnsafeRawBufferPointer, limits: JSONLimits = .default, attachments: [Data] = []
    )
        throws(JSONParseError)
    {
        var parser = try JSONParser(
            bytes: utf8.assumingMemoryBound(to: UInt8.self), limits: limits, attachments: attachments)
        self = try parser.parseDocument()
    }
}

/// A recursive-descent parser over UTF-8 bytes; recursion is bounded by the depth limit.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    private let attachments: [Data]
    private var index = 0
    private var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, attachments: [Data] = []) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.attachments = attachments
    }

    /// A parser for a message within `limits`: its size, the text's and its attachments' together
    /// (B4), is checked first.
    init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits, attachments: [Data]) throws(JSONParseError) {
        let size = attachments.reduce(bytes.count) { $0 + $1.count }
        guard size <= limits.maxBytes else { throw JSONParseError(code: .tooLarge, offset: 0) }
        self.init(bytes: bytes, maxDepth: limits.maxDepth, attachments: attachments)
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        let value = try parseValue()
        try finishDocument()
        return value
    }

    /// Checks that nothing but whitespace follows what was read: the document ends here.
    mutating func finishDocument() throws(JSONParseError) {
        skipWhitespace()
        guard index == bytes.count else { throw invalid() }
    }

    /// Whether the next value is an object (whitespace before it skipped).
    mutating func isAtObject() -> Bool {
        skipWhitespace()
        return index < bytes.count && bytes[index] == UInt8(ascii: "{")
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw invalid() }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        let start = index
        var members = Self.emptyObject
        var marksBytes = false
        try parseMembers { key, parser throws(JSONParseError) in
            if key == WireProtocol.bytesMember { marksBytes = true }
            members[key] = try parser.parseValue()
        }
        guard marksBytes else { return .object(members) }
        guard members.count == 1, let bytes = byteValue(members[WireProtocol.bytesMember]) else {
            throw invalid(at: start)
        }
        return .bytes(bytes)
    }

    /// The bytes a byte value's member names (B2): its base64 text, or its attachment's index.
    private func byteValue(_ member: JSONValue?) -> Data? {
        switch member {
        case .string(let base64): return Data(base64Encoded: base64)
        case .number(let index):
            guard let index = Int(exactly: index), attachments.indices.contains(index) else { return nil }
            return attachments[index]
        default: return nil
        }
    }

    /// Most objects in messages are small: each starts as a copy of this one, empty with room for
    /// six, so its first member allocates that room at once. (Copying it is also cheaper than
    /// `init(minimumCapacity:)`, which looks up the storage's generic type on every call.)
    private static let emptyObject = [String: JSONValue](minimumCapacity: 6)

    /// Reads an object from its opening brace, handing each member's key to `read` in order, with
    /// the parser at the member's value, which `read` parses (one value, whatever it is).
    mutating func parseMembers(_ read: (String, inout JSONParser) throws(JSONParseError) -> Void) throws(JSONParseError)
    {
        try enterContainer()
        skipWhitespace()
        if consume(UInt8(ascii: "}")) {
            depth -= 1
            return
        }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw invalid() }
            let key = try parseString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw invalid() }
            try read(key, &self)
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw invalid() }
        depth -= 1
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) {
            depth -= 1
            return .array(elements)
        }
        repeat {
            elements.append(try parseValue())
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { throw invalid() }
        depth -= 1
        return .array(elements)
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= maxDepth else { throw JSONParseError(code: .tooDeep, offset: index) }
        index += 1
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // the opening quote
        let start = index
        // Fast path: no escapes. Whole plain words, then the word that ends the run byte by byte.
        while index < bytes.count {
            index += JSONPlainBytes.plainWords(bytes, from: index)
            while index < bytes.count, !JSONPlainBytes.isSpecial(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = Self.string(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw invalid() }
            index += 1  // 0xE2: plain in a string read, special only to the serializer
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &scalars)
            case ..<0x20:
                throw invalid(at: index - 1)
            default:
                scalars.append(byte)
            }
        }
        throw invalid()
    }

    /// `bytes` as a string, ill-formed UTF-8 repaired: as `String(decoding:as:)` makes it, but a
    /// short one (most keys and many values) through the initializer that skips validation when
    /// every byte is ASCII.
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count <= 15 else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            _ = buffer.initialize(from: bytes)
            return bytes.count
        }
    }

    private mutating func appendEscape(to buffer: inout [UInt8]) throws(JSONParseError) {
        guard index < bytes.count else { throw invalid() }
        let escape = bytes[index]
        index += 1
        let simple: UInt8? =
            switch escape {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case UInt8(ascii: "/"): UInt8(ascii: "/")
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            buffer.append(simple)
            return
        }
        guard escape == UInt8(ascii: "u") else { throw invalid(at: index - 1) }
        let unit = try parseHexUnit()
        var scalar: Unicode.Scalar?
        if UTF16.isLeadSurrogate(unit), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        {
            let save = index
            index += 2
            let trail = try parseHexUnit()
            if UTF16.isTrailSurrogate(trail) {
                scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00))
            } else {
                index = save
            }
        }
        // A lone surrogate is no scalar: U+FFFD stands for it, as a decoder's repair does.
        UTF8.encode(scalar ?? Unicode.Scalar(unit) ?? "\u{FFFD}") { buffer.append($0) }
    }

    private mutating func parseHexUnit() throws(JSONParseError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw invalid() }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8 =
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
                default: throw invalid()
                }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        guard index < bytes.count else { throw invalid() }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard skipDigits() else { throw invalid() }
        }
        let integerEnd = index
        if consume(UInt8(ascii: ".")) {
            guard skipDigits() else { throw invalid() }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            _ = consume(UInt8(ascii: "+")) || consume(UInt8(ascii: "-"))
            guard skipDigits() else { throw invalid() }
        }
        if index == integerEnd, let integer = Self.exactInteger(bytes[start..<index]) { return integer }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw invalid(at: start) }
        return value
    }

    /// An integer's value computed directly (ids, counts: most numbers in messages), when it has
    /// at most 15 digits and so is exact as a `Double`, as the text conversion would give it.
    private static func exactInteger(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
        let negative = text.first == UInt8(ascii: "-")
        let digits = negative ? text.dropFirst() : text
        guard digits.count <= 15 else { return nil }
        var value: Int64 = 0
        for digit in digits { value = value * 10 + Int64(digit - UInt8(ascii: "0")) }
        return negative ? -Double(value) : Double(value)
    }

    /// Skips one or more digits; `false` when there are none.
    private mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index > start
    }

    private mutating func expect(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw invalid() }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] {
            throw invalid(at: index + offset)
        }
        index += count
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func invalid(at offset: Int? = nil) -> JSONParseError {
        JSONParseError(code: .invalid, offset: offset ?? index)
    }
}
