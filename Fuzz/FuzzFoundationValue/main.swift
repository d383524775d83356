import Foundation
import FuzzSupport
import TodayBridge
import TodayBridgeWebKit

// A message body as Apple's WebKit hands it over (`WKScriptMessage.body`), built from the
// fuzzer's bytes: NSNull, booleans and numbers (NaN and infinities among them), strings, arrays
// and dictionaries (nested, Swift's and Foundation's, with keys that are not strings), dates, and values
// WebKit never gives. The conversion (X7, C2) never traps or hangs, keeps within its limits, and
// what it gives serializes to JSON that parses back to it; a JSON value's own Foundation form
// converts back to that value.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFoundationValue(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var reader = FoundationValueReader(start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
    let object = reader.value(depth: 0)
    let limits = JSONLimits(maxBytes: 512, maxDepth: 6)
    if let value = try? JSONValue(foundationObject: object, limits: limits) {
        Fuzz.check(Fuzz.depth(of: value) <= limits.maxDepth, "X7: a body deeper than maxDepth was converted")
        Fuzz.check(
            value.jsonUTF8.count <= limits.maxBytes, "X7: a body of \(value.jsonUTF8.count) bytes of JSON was converted"
        )
        checkSerializes(value)
        if let text = try? JSONValue(parsing: value.jsonString), text == value {
            let back = try? JSONValue(
                foundationObject: value.foundationObject, limits: JSONLimits(maxBytes: 1 << 20, maxDepth: 64))
            Fuzz.check(back == value, "a value's Foundation form converts to another value: \(value.jsonString)")
        }
    }
    return 0
}

/// C2: what the core holds is JSON: its text parses back to it.
private func checkSerializes(_ value: JSONValue) {
    let text = value.jsonString
    let reparsed = try? JSONValue(parsing: text)
    Fuzz.check(reparsed == value, "a converted body is not JSON: \(text)")
}

/// Builds a Foundation value from bytes: one byte picks the kind, the next ones its content.
struct FoundationValueReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    mutating func value(depth: Int) -> Any {
        guard depth < 12 else { return NSNull() }
        switch byte() % 12 {
        case 0: return NSNull()
        case 1: return NSNumber(value: byte() % 2 == 0)
        case 2: return NSNumber(value: Int64(bitPattern: UInt64(byte()) << 56 | UInt64(byte())))
        case 3:
            return NSNumber(
                value: [0.5, -0, .nan, .infinity, -.infinity, 1e308, .leastNonzeroMagnitude, .pi][Int(byte() % 8)])
        case 4: return text()
        case 5:
            let array = NSMutableArray()
            for _ in 0..<Int(byte() % 5) { array.add(value(depth: depth + 1)) }
            return array
        case 6:
            var elements: [Any] = []
            for _ in 0..<Int(byte() % 5) { elements.append(value(depth: depth + 1)) }
            return elements
        case 7:
            var members: [String: Any] = [:]
            for _ in 0..<Int(byte() % 5) { members[text()] = value(depth: depth + 1) }
            return members
        case 8:
            let dictionary = NSMutableDictionary()
            for _ in 0..<Int(byte() % 4) { dictionary[NSNumber(value: byte())] = value(depth: depth + 1) }
            return dictionary
        case 9: return NSDate(timeIntervalSince1970: Double(Int8(bitPattern: byte())) * 1e9)
        case 10: return Data([byte()]) as NSData
        default: return NSNumber(value: Double(Int8(bitPattern: byte())) / 4)
        }
    }

    private mutating func text() -> String {
        let length = Int(byte() % 16)
        let start = min(position, bytes.count)
        let end = min(start + length, bytes.count)
        position = end
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

Fuzz.main(fuzzFoundationValue)
