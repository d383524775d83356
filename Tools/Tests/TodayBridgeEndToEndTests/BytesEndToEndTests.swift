import Foundation
import Testing
import TodayBridge

/// Bytes through each engine (B1–B4): a page's Uint8Array, ArrayBuffer and DataView reach the
/// host's test capabilities and come back as Uint8Arrays, in requests, answers, events and native
/// calls; through WebKitGTK's extension and Android's ArrayBuffer web messages beside the text,
/// elsewhere as base64, which neither side sees.
@Suite("End to end: bytes", .serialized)
struct BytesEndToEndTests {
    /// A byte value's length and checksum, as the page describes it.
    private static func bytes(_ length: Int, sum: Int) -> JSONValue {
        ["length": .number(Double(length)), "sum": .number(Double(sum))]
    }

    /// The page's checksum of `length` bytes of its pattern `(index * 7 + 3) % 256`.
    private static func patternSum(_ length: Int) -> Int {
        (0..<length).reduce(0) { sum, index in (sum * 31 + (index * 7 + 3) % 256) % 1_000_000_007 }
    }

    private static func sum(_ bytes: [Int]) -> Int { bytes.reduce(0) { ($0 * 31 + $1) % 1_000_000_007 } }

    @Test(
        "B1 B2 B3 B4 bytes cross both ways in requests, answers, events and native calls; bad bytes are refused; size counts bytes",
        arguments: EndToEndHost.Engine.allCases)
    func bytes(engine: EndToEndHost.Engine) async throws {
        let results = try await EndToEndHost.report(of: "bytes", in: engine)
        #expect(
            results["echo"] == [
                "data": Self.bytes(6, sum: Self.sum([0, 1, 2, 253, 254, 255])),
                "buffer": Self.bytes(6, sum: Self.sum([0, 1, 2, 253, 254, 255])),
                "view": Self.bytes(3, sum: Self.sum([1, 2, 253])), "empty": Self.bytes(0, sum: 0), "own": true,
            ])
        let mebibyte = Self.bytes(1 << 20, sum: Self.patternSum(1 << 20))
        #expect(results["mebibyte"] == ["sent": mebibyte, "echoed": mebibyte])
        #expect(results["event"] == Self.bytes(1000, sum: Self.patternSum(1000)))
        let reversed = (0..<300).map { ($0 * 7 + 3) % 256 }.reversed()
        #expect(results["nativeCall"] == Self.bytes(300, sum: Self.sum(Array(reversed))))
        for refused in ["detached", "resizable", "reserved"] {
            #expect(results[refused] == ["refused": true, "mentionsPath": true], "\(refused)")
        }
        #expect(results["overLimit"] == ["answer": true])
    }
}
