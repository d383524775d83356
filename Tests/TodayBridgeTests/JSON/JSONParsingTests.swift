import Foundation
import Testing
@testable import TodayBridge

@Suite("C2, X7 parsing structured-clone JSON")
struct JSONParsingTests {
    @Test("C2 valid JSON parses to the value a page sent", arguments: [
        (#"{"type":"track","n":1.5,"ok":true,"none":null,"list":[1,"a",false]}"#,
         ["type": "track", "n": 1.5, "ok": true, "none": .null, "list": [1, "a", false]] as JSONValue),
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

    @Test("C2 an integer read directly is the Double its text converts to, sign of zero included", arguments: [
        "0", "-0", "7", "-42", "123456789012345", "-999999999999999", "1234567890123456", "99999999999999999999", "9007199254740993",
    ])
    func c2Integers(text: String) throws {
        let parsed = try #require(try JSONValue(parsing: text).doubleValue)
        let converted = try #require(Double(text))
        #expect(parsed == converted)
        #expect(parsed.sign == converted.sign)
    }

    @Test("C2 strings around the bytes that end a plain run parse whole", arguments: [
        "", "a", "abcdefg", "abcdefgh", "abcdefghi", "\u{2028}", "a\u{2028}b", "ab\u{00E2}cdefghijkl", "12345678\u{2029}", "€uro €uro €uro",
    ])
    func c2PlainRuns(text: String) throws {
        let json = JSONValue.string(text).jsonString
        #expect(try JSONValue(parsing: json) == .string(text))
        #expect(try JSONValue(parsing: "\"" + text + "\"") == .string(text))
    }

    @Test("C2 text that is not strict JSON is refused as invalid", arguments: [
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
        #expect(throws: JSONParseError(code: .tooLarge, offset: 0)) { try JSONValue(parsing: #""0123456789""#, limits: limits) }
        #expect(throws: Never.self) { try JSONValue(parsing: #""01234567""#, limits: limits) }
    }

    @Test("X7 nesting deeper than the limit is refused as tooDeep; enormous nesting does not crash")
    func x7TooDeep() throws {
        let limits = JSONLimits(maxBytes: 1 << 20, maxDepth: 3)
        #expect(try JSONValue(parsing: "[[[1]]]", limits: limits) == [[[1]]])
        #expect(throws: JSONParseError(code: .tooDeep, offset: 3)) { try JSONValue(parsing: "[[[[1]]]]", limits: limits) }
        #expect(throws: JSONParseError(code: .tooDeep, offset: 11)) { try JSONValue(parsing: #"{"a":{"b":[{"c":1}]}}"#, limits: limits) }
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

    @Test("C2 a byte that needs escaping is found wherever it sits in a long string, and a string of plain text is copied as it is")
    func c2EscapesFoundAnywhere() throws {
        let special: [UInt8] = Array(0..<0x20) + [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0xE2]
        for length in [1, 7, 8, 9, 23] {
            for position in 0..<length {
                for byte in special {
                    var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                    bytes[position] = byte
                    #expect(bytes.withUnsafeBufferPointer(JSONPlainBytes.mayNeedEscaping), "byte \(byte) at \(position) of \(length)")
                }
            }
            let plain = (0..<length).map { UInt8(0x20 + $0 % 0x5F) }.map { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") ? UInt8(ascii: "x") : $0 }
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
                let head = String(repeating: "a", count: position), tail = String(repeating: "b", count: length - position)
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
            (-999_999_999_999_999, "-999999999999999"), (-1.5, "-1.5"), (9, "9"), (-9, "-9"), (1e14 + 1, "100000000000001"),
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

@Suite("C2 Foundation bodies from Apple's WebKit")
struct JSONFoundationTests {
    @Test("C2 booleans stay booleans and numbers stay numbers")
    func c2BooleansAndNumbers() throws {
        let body: Any = ["t": true, "f": false, "one": 1, "zero": 0, "pi": 3.14, "n": NSNull(), "s": "x", "list": [1, true]] as [String: Any]
        #expect(try JSONValue(foundationObject: body) == ["t": true, "f": false, "one": 1, "zero": 0, "pi": 3.14, "n": .null, "s": "x", "list": [1, true]])
        #expect(try JSONValue(foundationObject: NSNumber(value: true)) == true)
        #expect(try JSONValue(foundationObject: NSNumber(value: 1)) == 1)
    }

    @Test("C2 NaN and the infinities, which have no JSON form, become null as JSON.stringify writes them")
    func c2NonFiniteNumbers() throws {
        let body: Any = [NSNumber(value: Double.nan), NSNumber(value: Double.infinity), -Double.infinity, 2.5] as [Any]
        let value = try JSONValue(foundationObject: body)
        #expect(value == [.null, .null, .null, 2.5])
        #expect(try JSONValue(parsing: value.jsonString) == value)
    }

    @Test("C2 a Date becomes its milliseconds; unsupported objects are refused")
    func c2DatesAndUnsupported() throws {
        #expect(try JSONValue(foundationObject: Date(timeIntervalSince1970: 1.5)) == 1500)
        #expect(throws: JSONParseError(code: .invalid, offset: 0)) { try JSONValue(foundationObject: ["x": NSObject()] as [String: Any]) }
        #expect(throws: JSONParseError(code: .invalid, offset: 0)) { try JSONValue(foundationObject: [Data()] as [Any]) }
    }

    @Test("C2 an NSDictionary with a key that is not a string is refused; one with string keys converts")
    func c2DictionaryKeys() throws {
        #expect(throws: JSONParseError(code: .invalid, offset: 0)) { try JSONValue(foundationObject: NSDictionary(dictionary: [1: "x"])) }
        #expect(try JSONValue(foundationObject: NSDictionary(dictionary: ["k": NSArray(array: [true, "s"])])) == ["k": [true, "s"]])
    }

    #if canImport(Darwin)
    // Linux's Foundation bridges an NSArray's elements as it reads them: a cyclic one cannot be
    // read there at all. Apple's bridges lazily, and WebKit can hand such a body over.
    @Test("X7 a cyclic Foundation body, an array or a dictionary that contains itself, is refused as too deep")
    func x7CyclicFoundationBody() throws {
        let array = NSMutableArray(array: [1])
        array.add(array)
        let dictionary = NSMutableDictionary(dictionary: ["a": 1])
        dictionary["self"] = dictionary
        for body in [array, dictionary] as [Any] {
            #expect(throws: JSONParseError(code: .tooDeep, offset: 0)) { try JSONValue(foundationObject: body) }
        }
        array.removeLastObject()
        dictionary.removeObject(forKey: "self")  // no cycle left to keep them alive
    }
    #endif

    @Test("X7 a Foundation body nested deeper than the limit is refused, without recursing without bound")
    func x7DeepFoundationBody() throws {
        var deep: Any = [1]
        for _ in 0..<5_000 { deep = [deep] }
        #expect(throws: JSONParseError(code: .tooDeep, offset: 0)) { try JSONValue(foundationObject: deep) }
        #expect(try JSONValue(foundationObject: [[[1]]] as [Any], limits: JSONLimits(maxBytes: 100, maxDepth: 3)) == [[[1]]])
        #expect(throws: JSONParseError(code: .tooDeep, offset: 0)) { try JSONValue(foundationObject: [[[1]]] as [Any], limits: JSONLimits(maxBytes: 100, maxDepth: 2)) }
    }

    @Test("X7 a Foundation body larger than the limit is refused as soon as the count passes it")
    func x7LargeFoundationBody() throws {
        let limits = JSONLimits(maxBytes: 1_000, maxDepth: 8)
        let fits: [String: Any] = ["type": "echo", "text": String(repeating: "x", count: 900)]
        #expect(try JSONValue(foundationObject: fits, limits: limits)["text"]?.stringValue?.count == 900)
        let over: [String: Any] = ["type": "echo", "text": String(repeating: "x", count: 1_000)]
        #expect(throws: JSONParseError(code: .tooLarge, offset: 0)) { try JSONValue(foundationObject: over, limits: limits) }
        let many: [Any] = Array(repeating: 1, count: 600)
        #expect(throws: JSONParseError(code: .tooLarge, offset: 0)) { try JSONValue(foundationObject: many, limits: limits) }
    }

    @Test("X7 a Foundation body's size is its JSON text's, exactly: escapes and numbers as written; the limit itself fits")
    func x7FoundationBodySizeIsItsText() throws {
        // 200 control characters are 200 bytes of UTF-8 but 1,202 of JSON ("\u0001" each, and quotes).
        let escaped = String(repeating: "\u{1}", count: 200)
        #expect(throws: JSONParseError(code: .tooLarge, offset: 0)) { try JSONValue(foundationObject: escaped, limits: JSONLimits(maxBytes: 1_000, maxDepth: 8)) }
        // A 64-bit integer's 20 characters count as 20, not as a fixed size: found by FuzzFoundationValue.
        let numbers: [Any] = Array(repeating: NSNumber(value: Int64.min), count: 30)
        let text = try JSONValue(foundationObject: numbers, limits: JSONLimits(maxBytes: 1 << 20, maxDepth: 8)).jsonUTF8.count
        #expect(try JSONValue(foundationObject: numbers, limits: JSONLimits(maxBytes: text, maxDepth: 8)).jsonUTF8.count == text)
        #expect(throws: JSONParseError(code: .tooLarge, offset: 0)) { try JSONValue(foundationObject: numbers, limits: JSONLimits(maxBytes: text - 1, maxDepth: 8)) }
        let members: [String: Any] = ["quote\"d": "tab\t", "n": NSNull(), "t": true, "d": Date(timeIntervalSince1970: 1)]
        let exact = try JSONValue(foundationObject: members, limits: JSONLimits(maxBytes: 1 << 20, maxDepth: 8)).jsonUTF8.count
        #expect(throws: JSONParseError(code: .tooLarge, offset: 0)) { try JSONValue(foundationObject: members, limits: JSONLimits(maxBytes: exact - 1, maxDepth: 8)) }
        #expect(try JSONValue(foundationObject: members, limits: JSONLimits(maxBytes: exact, maxDepth: 8)).jsonUTF8.count == exact)
    }

    @Test("C2 values convert to Foundation and back")
    func c2RoundTrip() throws {
        let value: JSONValue = ["a": [1, "b", true, .null], "c": ["d": 2.5]]
        #expect(try JSONValue(foundationObject: value.foundationObject) == value)
    }
}
