#if os(Linux)
import Foundation
@testable import WebKit
import XCTest

/// The emulation's reader of message bodies (Linux only: Apple's WebKit reads its own): values as
/// WebKit hands them over, bodies as deep as WebKit carries, and `nil` for anything else a page
/// could post to the native entry itself.
final class BodyJSONReaderTests: XCTestCase {
    private func read(_ text: String) -> Any? { BodyJSONReader.read(Array(text.utf8)) }

    private func nested(_ levels: Int) -> String {
        String(repeating: "[", count: levels) + "0" + String(repeating: "]", count: levels)
    }

    func test_C2_valuesAreTheFoundationObjectsWebKitHandsOver() throws {
        let body = try XCTUnwrap(
            read(#" {"n": [1, 2.5, -0.5e2, true, false, null, "x\u00e9\ud83d\ude00\n\"\\\/"], "o": {}} "#)
                as? [String: Any])
        XCTAssertEqual(body.keys.sorted(), ["n", "o"])
        let list = try XCTUnwrap(body["n"] as? [Any])
        XCTAssertEqual(list.prefix(3).map { ($0 as? NSNumber)?.doubleValue }, [1, 2.5, -50])
        XCTAssertEqual(
            list.dropFirst(3).prefix(2).map { String(cString: ($0 as! NSNumber).objCType) }, ["c", "c"],
            "booleans are boolean NSNumbers")
        XCTAssertEqual((list[3] as? NSNumber)?.boolValue, true)
        XCTAssertTrue(list[5] is NSNull)
        XCTAssertEqual(list[6] as? String, "x\u{e9}\u{1F600}\n\"\\/")
        XCTAssertEqual((body["o"] as? [String: Any])?.count, 0)
        XCTAssertEqual(read(#""\ud800""#) as? String, "\u{FFFD}", "a lone surrogate is repaired")
    }

    func test_X7_textThatIsNotOneJSONValueReadsNil() {
        for text in [
            "", "[1,]", #"{"a" 1}"#, "tru", "1e999", "[] x", "\"a\u{1}\"", #""\u12g4""#, #""\x""#, "[", #"{"a":1"#,
            "01x", "-",
        ] {
            XCTAssertNil(read(text), text)
        }
    }

    func test_X7_bodiesAsDeepAsWebKitCarriesAndNoDeeper() {
        XCTAssertNotNil(
            read(nested(BodyJSONReader.maximumNesting)), "WebKit's 40,000 levels, the top level and a tagged Date")
        XCTAssertNil(read(nested(BodyJSONReader.maximumNesting + 1)))
        XCTAssertNil(read(nested(1_000_000)), "refused before it is built: releasing it would overflow the stack")
    }

    func test_C2_X7_datesAreRevivedAsTheirObjectsCloseEvenAtWebKitsDepth() throws {
        let levels = BodyJSONReader.maximumNesting - 1
        let text =
            String(repeating: "[", count: levels) + #"{"\u0001d": 1700000000000}"#
            + String(repeating: "]", count: levels)
        var value = try XCTUnwrap(
            BodyJSONReader.read(Array(text.utf8), revivingDates: true), "no second, recursive pass over the body")
        for _ in 0..<levels { value = try XCTUnwrap((value as? [Any])?.first) }
        XCTAssertEqual(value as? Date, Date(timeIntervalSince1970: 1_700_000_000))
        XCTAssertEqual((read(#"{"\u0001d": 5}"#) as? [String: Any])?.count, 1, "only a tagged body's dates are revived")
    }
}
#endif
