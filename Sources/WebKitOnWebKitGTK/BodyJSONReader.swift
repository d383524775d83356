#if os(Linux)
import Foundation

/// Reads a message body's JSON text into the Foundation objects WebKit hands a `WKScriptMessage`:
/// every number an `NSNumber` of a `Double`, `true` and `false` boolean `NSNumber`s, `String`,
/// `NSNull`, `[Any]` and `[String: Any]`.
///
/// WebKit's serialization carries bodies far deeper than the 512 levels Foundation's
/// `JSONSerialization` reads on Linux: this reader keeps its open containers on a stack of its
/// own, not the thread's, and takes as many levels as WebKit does (`MessageHandlersScript`), no
/// more: a page can call the native entry itself, and a value nested deeper would overflow the
/// main thread's stack when it is released (measured: about 58,000 levels of arrays). Text that is
/// not JSON, or deeper than that, reads as `nil`.
struct BodyJSONReader {
    /// The most containers open at once: WebKit's depth, the top level, and a tagged `Date`'s wrapper.
    static let maximumNesting = MessageHandlersScript.maximumDepth + 2

    private let bytes: [UInt8]
    private let revivesDates: Bool
    private var index = 0

    /// The value `json` holds, or `nil` when it is not one JSON value. With `revivingDates`, each
    /// object that is only a tagged date (`{"\u0001d": ms}`, ``ScriptValues/dateKey``) reads as
    /// that `Date`, as the object closes (no second pass over a deep value).
    static func read(_ json: some Collection<UInt8>, revivingDates: Bool = false) -> Any? {
        var reader = BodyJSONReader(bytes: Array(json), revivesDates: revivingDates)
        return reader.document()
    }

    private init(bytes: [UInt8], revivesDates: Bool) {
        self.bytes = bytes
        self.revivesDates = revivesDates
    }

    /// A container still open: its members so far and, in an object, the key of the value being read.
    private enum Open {
        case array([Any])
        case object([String: Any], key: String)
    }

    /// What reading at the current position gave: a whole value, or a container opened onto the stack.
    private enum Step {
        case value(Any)
        case opened
    }

    private mutating func document() -> Any? {
        var open: [Open] = []
        while true {
            guard let step = valueOrOpening(onto: &open) else { return nil }
            guard case .value(var value) = step else { continue }
            // Close what the value completes, until a container wants another member.
            closing: while true {
                guard let container = open.popLast() else {
                    skipWhitespace()
                    return index == bytes.count ? value : nil
                }
                skipWhitespace()
                switch container {
                case .array(var elements):
                    elements.append(value)
                    if take(UInt8(ascii: ",")) {
                        open.append(.array(elements))
                        break closing
                    }
                    guard take(UInt8(ascii: "]")) else { return nil }
                    value = elements
                case .object(var members, let key):
                    members[key] = value
                    if take(UInt8(ascii: ",")) {
                        guard let next = memberKey() else { return nil }
                        open.append(.object(members, key: next))
                        break closing
                    }
                    guard take(UInt8(ascii: "}")) else { return nil }
                    value = taggedDate(members) ?? members
                }
            }
        }
    }

    /// A scalar or an empty container, or a non-empty container opened onto `open`; `nil` when
    /// the text is not JSON.
    private mutating func valueOrOpening(onto open: inout [Open]) -> Step? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "["):
            index += 1
            skipWhitespace()
            if take(UInt8(ascii: "]")) { return .value([Any]()) }
            guard open.count < Self.maximumNesting else { return nil }
            open.append(.array([]))
            return .opened
        case UInt8(ascii: "{"):
            index += 1
            skipWhitespace()
            if take(UInt8(ascii: "}")) { return .value([String: Any]()) }
            guard open.count < Self.maximumNesting, let key = memberKey() else { return nil }
            open.append(.object([:], key: key))
            return .opened
        case UInt8(ascii: "\""): return string().map { .value($0) }
        case UInt8(ascii: "t"): return literal("true", NSNumber(value: true))
        case UInt8(ascii: "f"): return literal("false", NSNumber(value: false))
        case UInt8(ascii: "n"): return literal("null", NSNull())
        default: return number().map { .value($0) }
        }
    }

    /// The `Date` an object tags, when dates are revived and the object is only that tag.
    private func taggedDate(_ members: [String: Any]) -> Date? {
        guard revivesDates, members.count == 1, let milliseconds = members[ScriptValues.dateKey] as? NSNumber else {
            return nil
        }
        return Date(timeIntervalSince1970: milliseconds.doubleValue / 1000)
    }

    /// An object member's key and its colon.
    private mutating func memberKey() -> String? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
        skipWhitespace()
        return take(UInt8(ascii: ":")) ? key : nil
    }

    private mutating func literal(_ word: StaticString, _ value: Any) -> Step? {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count,
            word.withUTF8Buffer({ $0.elementsEqual(bytes[index..<index + count]) })
        else { return nil }
        index += count
        return .value(value)
    }

    private mutating func number() -> NSNumber? {
        let start = index
        while index < bytes.count, Self.numberBytes.contains(bytes[index]) { index += 1 }
        guard index > start, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite
        else { return nil }
        return NSNumber(value: value)
    }

    private static let numberBytes = Set("-+.0123456789eE".utf8)
    private static let hexDigits = Set("0123456789abcdefABCDEF".utf8)

    /// A string, its opening quote at `index`; escapes decoded, a lone surrogate as U+FFFD.
    private mutating func string() -> String? {
        index += 1
        var units: [UInt16] = []
        var run = index
        func flushRun(upTo end: Int) {
            units.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).utf16)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                flushRun(upTo: index)
                index += 1
                return String(decoding: units, as: UTF16.self)
            case UInt8(ascii: "\\"):
                flushRun(upTo: index)
                guard let unit = escape() else { return nil }
                units.append(unit)
                run = index
            case 0..<0x20:
                return nil
            default:
                index += 1
            }
        }
        return nil
    }

    /// One escape, its backslash at `index`, as a UTF-16 code unit.
    private mutating func escape() -> UInt16? {
        guard index + 1 < bytes.count else { return nil }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return UInt16(letter)
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "u"):
            guard index + 4 <= bytes.count, bytes[index..<index + 4].allSatisfy(Self.hexDigits.contains),
                let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { return nil }
            index += 4
            return unit
        default: return nil
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }
}
#endif
