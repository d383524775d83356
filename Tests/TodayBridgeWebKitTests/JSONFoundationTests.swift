#if canImport(WebKit)
import Foundation
import Testing
import TodayBridge
import TodayBridgeWebKit

@Suite("C2 Foundation bodies from Apple's WebKit")
struct JSONFoundationTests {
    @Test("C2 booleans stay booleans and numbers stay numbers")
    func c2BooleansAndNumbers() throws {
        let body: Any =
            ["t": true, "f": false, "one": 1, "zero": 0, "pi": 3.14, "n": NSNull(), "s": "x", "list": [1, true]]
            as [String: Any]
        #expect(
            try JSONValue(foundationObject: body) == [
                "t": true, "f": false, "one": 1, "zero": 0, "pi": 3.14, "n": .null, "s": "x", "list": [1, true],
            ])
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
        #expect(throws: JSONParseError(code: .invalid, offset: 0)) {
            try JSONValue(foundationObject: ["x": NSObject()] as [String: Any])
        }
        #expect(throws: JSONParseError(code: .invalid, offset: 0)) {
            try JSONValue(foundationObject: [Data()] as [Any])
        }
    }

    @Test("B2 bytes answer a reply handler as their base64 form, which holds no NSData")
    func b2BytesInReplies() throws {
        let reply = JSONValue.array([.bytes(Data([0, 1, 255]))]).foundationObject
        let form = try #require((reply as? [Any])?.first as? [String: String])
        #expect(form == ["__today.bytes": "AAH/"])
        #expect(try JSONValue(foundationObject: reply) == [["__today.bytes": "AAH/"]])
    }

    @Test("C2 an NSDictionary with a key that is not a string is refused; one with string keys converts")
    func c2DictionaryKeys() throws {
        #expect(throws: JSONParseError(code: .invalid, offset: 0)) {
            try JSONValue(foundationObject: NSDictionary(dictionary: [1: "x"]))
        }
        #expect(
            try JSONValue(foundationObject: NSDictionary(dictionary: ["k": NSArray(array: [true, "s"])])) == [
                "k": [true, "s"]
            ])
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
        #expect(
            try JSONValue(foundationObject: [[[1]]] as [Any], limits: JSONLimits(maxBytes: 100, maxDepth: 3)) == [[[1]]]
        )
        #expect(throws: JSONParseError(code: .tooDeep, offset: 0)) {
            try JSONValue(foundationObject: [[[1]]] as [Any], limits: JSONLimits(maxBytes: 100, maxDepth: 2))
        }
    }

    @Test("X7 a Foundation body larger than the limit is refused as soon as the count passes it")
    func x7LargeFoundationBody() throws {
        let limits = JSONLimits(maxBytes: 1_000, maxDepth: 8)
        let fits: [String: Any] = ["type": "echo", "text": String(repeating: "x", count: 900)]
        #expect(try JSONValue(foundationObject: fits, limits: limits)["text"]?.stringValue?.count == 900)
        let over: [String: Any] = ["type": "echo", "text": String(repeating: "x", count: 1_000)]
        #expect(throws: JSONParseError(code: .tooLarge, offset: 0)) {
            try JSONValue(foundationObject: over, limits: limits)
        }
        let many: [Any] = Array(repeating: 1, count: 600)
        #expect(throws: JSONParseError(code: .tooLarge, offset: 0)) {
            try JSONValue(foundationObject: many, limits: limits)
        }
    }

    @Test(
        "X7 a Foundation body's size is its JSON text's, exactly: escapes and numbers as written; the limit itself fits"
    )
    func x7FoundationBodySizeIsItsText() throws {
        // 200 control characters are 200 bytes of UTF-8 but 1,202 of JSON ("\u0001" each, and quotes).
        let escaped = String(repeating: "\u{1}", count: 200)
        #expect(throws: JSONParseError(code: .tooLarge, offset: 0)) {
            try JSONValue(foundationObject: escaped, limits: JSONLimits(maxBytes: 1_000, maxDepth: 8))
        }
        // A 64-bit integer's 20 characters count as 20, not as a fixed size: found by FuzzFoundationValue.
        let numbers: [Any] = Array(repeating: NSNumber(value: Int64.min), count: 30)
        let text = try JSONValue(foundationObject: numbers, limits: JSONLimits(maxBytes: 1 << 20, maxDepth: 8)).jsonUTF8
            .count
        #expect(
            try JSONValue(foundationObject: numbers, limits: JSONLimits(maxBytes: text, maxDepth: 8)).jsonUTF8.count
                == text)
        #expect(throws: JSONParseError(code: .tooLarge, offset: 0)) {
            try JSONValue(foundationObject: numbers, limits: JSONLimits(maxBytes: text - 1, maxDepth: 8))
        }
        let members: [String: Any] = [
            "quote\"d": "tab\t", "n": NSNull(), "t": true, "d": Date(timeIntervalSince1970: 1),
        ]
        let exact = try JSONValue(foundationObject: members, limits: JSONLimits(maxBytes: 1 << 20, maxDepth: 8))
            .jsonUTF8.count
        #expect(throws: JSONParseError(code: .tooLarge, offset: 0)) {
            try JSONValue(foundationObject: members, limits: JSONLimits(maxBytes: exact - 1, maxDepth: 8))
        }
        #expect(
            try JSONValue(foundationObject: members, limits: JSONLimits(maxBytes: exact, maxDepth: 8)).jsonUTF8.count
                == exact)
    }

    @Test("C2 values convert to Foundation and back")
    func c2RoundTrip() throws {
        let value: JSONValue = ["a": [1, "b", true, .null], "c": ["d": 2.5]]
        #expect(try JSONValue(foundationObject: value.foundationObject) == value)
    }
}
#endif
