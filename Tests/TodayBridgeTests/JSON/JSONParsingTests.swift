import Foundation
import Testing
@testable import TodayBridge

@Suite("C2, X7 parsing structured-clone JSON")
struct JSONParsingTests {
    @Test(
        "C2 valid JSON parses to the value a page sent",
        arguments: [
            (
                #"{"type":"track","n":1.5,"ok":true,"none":null,"list":[1,"a",false]}"#,
                ["type": "track", "n": 1.5, "ok": true, "none": .null, "list": [1, "a", false]] as JSONValue
            ),
            ("  [ ]  ", [] as JSONValue),
            ("{}", [:] as JSONValue),
            ("-0.5e2", -50 as JSONValue),
            ("1E+2", 100 as JSONValue),
            ("0", 0 as JSONValue),
            (#""a\"\\\/\b\f\n\r\t""#, "a\"\\/\u{08}\u{0C}\n\r\t" as JSONValue),
            (#""\u00e9\u2028\ud83d\ude00""#, "é\u{2028}😀" as JSONValue),
            (#""\ud800x""#, "\u{FFFD}x" as JSONValue),
            (#""\udc00\ud800\u0041""#, "\u{FFFD}\u{FFFD}A" as JSONValue),
            (#"{"a":1,"a":2}"#, ["a": 2] as JSONValue),
            (#""héllo wörld""#, "héllo wörld" as JSONValue),
        ])
    func c2Valid(text: String, expected: JSONValue) throws {
        #expect(try JSONValue(parsing: text) == expected)
    }

    @Test(
        "C2 an integer read directly is the Double its text converts to, sign of zero included",
        arguments: [
            "0", "-0", "7", "-42", "123456789012345", "-999999999999999", "1234567890123456", "99999999999999999999",
            "9007199254740993",
        ])
    func c2Integers(text: String) throws {
        let parsed = try #require(try JSONValue(parsing: text).doubleValue)
        let converted = try #require(Double(text))
        #expect(parsed == converted)
        #expect(parsed.sign == converted.sign)
    }

    @Test(
        "C2 strings around the bytes that end a plain run parse whole",
        arguments: [
            "", "a", "abcdefg", "abcdefgh", "abcdefghi", "\u{2028}", "a\u{2028}b", "ab\u{00E2}cdefghijkl",
            "12345678\u{2029}", "€uro €uro €uro",
        ])
    func c2PlainRuns(text: String) throws {
        let json = JSONValue.string(text).jsonString
        #expect(try JSONValue(parsing: json) == .string(text))
        #expect(try JSONValue(parsing: "\"" + text + "\"") == .string(text))
    }

    @Test(
        "C2 text that is not strict JSON is refused as invalid",
        arguments: [
            "", " ", "{", "[1,]", #"{"a":1,}"#, "01", "1.", ".5", "-", "1e", "+1", "NaN", "Infinity", "1e999",
            "tru", "nul", "'a'", #""a"#, "\"a\u{01}\"", #""\x""#, #""\u12""#, "[1 2]", #"{"a" 1}"#, #"{1:2}"#,
            "// c\n1", "1 2", "[", "]",
        ])
    func c2Invalid(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
        do {
            _ = try JSONValue(parsing: text)
        } catch {
            #expect(error.code == .invalid)
        }
    }

    @Test("X7 oversize text is refused before parsing")
    func x7TooLarge() {
        let limits = JSONLimits(maxBytes: 10, maxDepth: 64)
        #expect(throws: JSONParseError(code: .tooLarge, offset: 0)) {
            try JSONValue(parsing: #""0123456789""#, limits: limits)
        }
        #expect(throws: Never.self) { try JSONValue(parsing: #""01234567""#, limits: limits) }
    }

    @Test("X7 nesting deeper than the limit is refused as tooDeep; enormous nesting does not crash")
    func x7TooDeep() throws {
        let limits = JSONLimits(maxBytes: 1 << 20, maxDepth: 3)
        #expect(try JSONValue(parsing: "[[[1]]]", limits: limits) == [[[1]]])
        #expect(throws: JSONParseError(code: .tooDeep, offset: 3)) {
            try JSONValue(parsing: "[[[[1]]]]", limits: limits)
        }
        #expect(throws: JSONParseError(code: .tooDeep, offset: 11)) {
            try JSONValue(parsing: #"{"a":{"b":[{"c":1}]}}"#, limits: limits)
        }
        let abyss = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: abyss) }
    }

    @Test("X7 the error says where and what")
    func x7Description() {
        #expect(JSONParseError(code: .invalid, offset: 4).description == "invalid JSON at byte 4")
    }
}

@Suite("C2 serializing JSON for the page")
struct JSONSerializationTests {
    @Test("C2 serialization is compact, sorted and round-trips")
    func c2RoundTrip() throws {
        let value: JSONValue = ["b": [1, 2.5, -3, 1e300], "a": ["z": .null, "y": true], "c": "x"]
        #expect(value.jsonString == #"{"a":{"y":true,"z":null},"b":[1,2.5,-3,1e+300],"c":"x"}"#)
        #expect(try JSONValue(parsing: value.jsonString) == value)
    }

    @Test("C2 strings are escaped for JSON and for embedding in JavaScript source")
    func c2Escapes() throws {
        let text: JSONValue = "q\"b\\n\nr\rt\t\u{08}\u{0C}\u{01}\u{2028}\u{2029}é😀</script>"
        #expect(text.jsonString == #""q\"b\\n\nr\rt\t\b\f\u0001\u2028\u2029é😀</script>""#)
        #expect(try JSONValue(parsing: text.jsonString) == text)
    }

    @Test(
        "C2 a byte that needs escaping is found wherever it sits in a long string, and a string of plain text is copied as it is"
    )
    func c2EscapesFoundAnywhere() throws {
        let special: [UInt8] = Array(0..<0x20) + [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0xE2]
        for length in [1, 7, 8, 9, 23] {
            for position in 0..<length {
                for byte in special {
                    var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                    bytes[position] = byte
                    #expect(
                        bytes.withUnsafeBufferPointer(JSONPlainBytes.mayNeedEscaping),
                        "byte \(byte) at \(position) of \(length)")
                }
            }
            let plain = (0..<length).map { UInt8(0x20 + $0 % 0x5F) }.map {
                $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") ? UInt8(ascii: "x") : $0
            }
            #expect(!plain.withUnsafeBufferPointer(JSONPlainBytes.mayNeedEscaping))
            let accented = Array(String(repeating: "é😀", count: length).utf8)
            #expect(!accented.withUnsafeBufferPointer(JSONPlainBytes.mayNeedEscaping))
        }
        let long = JSONValue.string(String(repeating: "x", count: 1 << 20) + "\n")
        #expect(long.jsonString.hasSuffix(#"xx\n""#))
        // The parser skips the same runs: a quote, an escape or a control character at any
        // position still ends, continues or refuses the string where it sits.
        for length in [1, 7, 8, 9, 23] {
            for position in 0..<length {
                let head = String(repeating: "a", count: position),
                    tail = String(repeating: "b", count: length - position)
                #expect(try JSONValue(parsing: "\"\(head)\\n\(tail)\"") == .string(head + "\n" + tail))
                #expect(try JSONValue(parsing: "[\"\(head)\",\"\(tail)\"]") == [.string(head), .string(tail)])
                #expect(throws: JSONParseError.self) { try JSONValue(parsing: "\"\(head)\u{01}\(tail)\"") }
                #expect(try JSONValue(parsing: "\"\(head)\u{2028}é\(tail)\"") == .string(head + "\u{2028}é" + tail))
            }
        }
    }

    @Test("C2 numbers print as JavaScript would; non-finite numbers become null")
    func c2Numbers() {
        #expect(JSONValue.number(3).jsonString == "3")
        #expect(JSONValue.number(-0.0).jsonString == "0")
        #expect(JSONValue.number(0.1).jsonString == "0.1")
        #expect(JSONValue.number(.infinity).jsonString == "null")
        #expect(JSONValue.number(.nan).jsonString == "null")
        let written: [(Double, String)] = [
            (0, "0"), (7, "7"), (-3, "-3"), (10, "10"), (-100, "-100"), (123_456_789_012_345, "123456789012345"),
            (-999_999_999_999_999, "-999999999999999"), (-1.5, "-1.5"), (9, "9"), (-9, "-9"),
            (1e14 + 1, "100000000000001"),
            (99, "99"), (1e14, "100000000000000"), (-1_000_001, "-1000001"),
            (1e15, "1000000000000000.0"), (1e20, "1e+20"), (0.5, "0.5"), (-2.25, "-2.25"),
        ]
        for (number, text) in written {
            #expect(JSONValue.number(number).jsonString == text)
            #expect(JSONValue.format(number) == text)
        }
    }

    @Test("C2 accessors read what a capability needs")
    func c2Accessors() {
        let value: JSONValue = ["s": "x", "n": 2, "b": false, "a": [1], "o": [:], "z": nil]
        #expect(value["s"]?.stringValue == "x" && value["n"]?.doubleValue == 2 && value["b"]?.boolValue == false)
        #expect(value["a"]?.arrayValue == [1] && value["o"]?.objectValue == [:] && value["z"] == .null)
        #expect(value["missing"] == nil && JSONValue.string("x")["s"] == nil)
        #expect(value["s"]!.isScalar && !value["z"]!.isScalar && !value["a"]!.isScalar)
    }
}
