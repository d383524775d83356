import Foundation
import Testing
@_spi(Adapters) @testable import TodayBridge

private enum Plan: String, Codable { case free, plus }

private struct Line: Codable, Equatable {
    var sku: String
    var quantity: Int
}

private struct Cart: Codable, Equatable {
    var id: UInt64
    var plan: Plan
    var lines: [Line]
    var tags: [String: String]
    var note: String?
    var discount: Double?
    var extra: JSONValue?
}

private struct AllOptional: Codable, Equatable {
    var refresh: Bool?
}

@Suite("C2 typed requests and results straight from JSON values")
struct JSONCodingTests {
    private let decoder = JSONValueDecoder()
    private let encoder = JSONValueEncoder()

    @Test("C2 nested structs, enums, arrays, dictionaries and optionals decode and encode")
    func c2RoundTrip() throws {
        let value: JSONValue = [
            "id": 7, "plan": "plus", "lines": [["sku": "a", "quantity": 2]], "tags": ["k": "v"],
            "discount": .null, "extra": ["any": [1, "thing"]], "ignored": true,
        ]
        let cart = try decoder.decode(Cart.self, from: value)
        #expect(
            cart
                == Cart(
                    id: 7, plan: .plus, lines: [Line(sku: "a", quantity: 2)], tags: ["k": "v"], note: nil,
                    discount: nil, extra: ["any": [1, "thing"]]))
        let encoded = try #require(try encoder.encode(cart))
        #expect(
            encoded == [
                "id": 7, "plan": "plus", "lines": [["sku": "a", "quantity": 2]], "tags": ["k": "v"],
                "extra": ["any": [1, "thing"]],
            ])
        #expect(try decoder.decode(Cart.self, from: encoded) == cart)
    }

    @Test(
        "T1 an event written without the encoder, as a value or as text, is what its Encodable conformance writes, logged in and logged out",
        arguments: ["user-1", nil] as [String?])
    func t1EventWrittenAsEncodableWrites(userID: String?) throws {
        let event = AnalyticsEvent(
            name: "opened", id: "e-1", timestamp: Date(timeIntervalSince1970: 1_700_000_000.123), userID: userID,
            deviceID: "d-1",
            properties: [
                "screen": "feed", "n": 1.5, "flag": true, "gone": .null, "quoted": "a \"b\" \\ \u{2028} 𝄞",
                "ctx": ["surface": "feed", "page": "https://feed.example/app", "frame": "main"],
            ]
        )
        // Foundation's encoder, through the synthesized conformance, with the core's date form.
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        let synthesized = try JSONValue(parsing: String(decoding: try encoder.encode(event), as: UTF8.self))
        #expect(event.jsonValue == synthesized)
        #expect(try JSONValueEncoder().encode(event) == synthesized)
        var written: [UInt8] = []
        event.writeJSON(to: &written)
        #expect(try written.withUnsafeBytes { try JSONValue(parsing: $0) } == synthesized)
    }

    @Test("C2 undefined decodes a request whose fields are all optional")
    func c2Undefined() throws {
        #expect(try decoder.decode(AllOptional.self, from: nil) == AllOptional(refresh: nil))
        #expect(try decoder.decode(JSONValue.self, from: .null) == .null)
    }

    @Test(
        "C2 integers decode only from integral numbers in range",
        arguments: [
            (["id": 1.5, "plan": "free", "lines": [], "tags": [:]] as JSONValue, "id"),
            (["id": -1, "plan": "free", "lines": [], "tags": [:]] as JSONValue, "id"),
            (["id": 1, "plan": "gold", "lines": [], "tags": [:]] as JSONValue, ""),
            (["id": 1, "plan": "free", "lines": [["sku": "a", "quantity": "2"]], "tags": [:]] as JSONValue, "lines"),
            (["id": 1, "plan": "free", "lines": [], "tags": ["k": 1]] as JSONValue, "tags"),
            (["plan": "free", "lines": [], "tags": [:]] as JSONValue, ""),
            ("not an object" as JSONValue, ""),
        ])
    func c2Mismatches(value: JSONValue, path: String) {
        #expect(throws: DecodingError.self) { try decoder.decode(Cart.self, from: value) }
    }

    @Test("C2 the decoding error says where, and never echoes the value")
    func c2ErrorPath() {
        do {
            _ = try decoder.decode(
                Cart.self,
                from: ["id": 1, "plan": "free", "lines": [["sku": "secret-sku", "quantity": "x"]], "tags": [:]])
            Issue.record("expected an error")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["lines", "0", "quantity"])
            #expect(!context.debugDescription.contains("secret"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("C4 NoResult encodes as undefined; URLs and dates as the page reads them")
    func c4Results() throws {
        #expect(try encoder.encode(NoResult()) == nil)
        #expect(try encoder.encode(URL(string: "https://a.test/x")!) == "https://a.test/x")
        #expect(try encoder.encode(Date(timeIntervalSince1970: 2)) == 2000)
        #expect(try encoder.encode([1, 2]) == [1, 2])
        #expect(try encoder.encode("text") == "text")
        #expect(try encoder.encode(["k": [true]]) == ["k": [true]])
    }
}
