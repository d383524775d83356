import Foundation
import Testing
import TodayBridge

/// Bytes through each engine (B1–B4): a page's Uint8Array, ArrayBuffer and DataView reach the
/// host's test capabilities and come back as Uint8Arrays, in requests, answers, events, native
/// calls and stream values; through WebKitGTK's extension (both ways, deliveries included) and
/// Android's ArrayBuffer web messages (answers) beside the text, elsewhere as base64, which
/// neither side sees.
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

    /// The deliveries the bytes page receives: an event and a native call with bytes, a stream of
    /// five values (three with bytes) in one to five deliveries (ST2: the values yielded while one
    /// is on its way go together in the next) and its end, and 20 events (10 with bytes).
    private static let deliveries = (1 + 1 + 2 + 20)...(1 + 1 + 6 + 20)
    /// The bytes in them.
    private static let deliveredBytes =
        1000 + 300 + (1000 + 8 + 0) + (0..<20).filter { $0 % 2 == 1 }.reduce(0) { $0 + $1 * 100 }

    @Test(
        "B1 B2 B3 B4 X3 X4 ST2 C5 bytes cross both ways in requests, answers, events, native calls and stream values; deliveries with and without bytes arrive in order; bad bytes are refused; size counts bytes; large bytes cross as sealed files, none leaked",
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
        let tail = (2..<10).map { ($0 * 7 + 3) % 256 }
        #expect(
            results["stream"] == [
                Self.bytes(1000, sum: Self.patternSum(1000)), ["n": 1], Self.bytes(8, sum: Self.sum(tail)), ["n": 3],
                Self.bytes(0, sum: 0),
            ])
        let mixed: [JSONValue] = (0..<20).map { n in
            n % 2 == 1 ? Self.bytes(n * 100, sum: Self.patternSum(n * 100)) : .number(Double(n))
        }
        switch engine {
        case .webkitgtk, .webkitgtkRelay:
            // X3 ST2: WebKitGTK's adapter starts the main frame's capabilities on the GLib thread,
            // in the order of its messages, so the host emits the events in order: they arrive in
            // that order, with bytes or without.
            #expect(results["mixed"] == .array(mixed))
        case .android, .wkwebview:
            // C6: the Android host and the WebKit adapter run capabilities as tasks on a pool of
            // threads, so the order the host emits them in is its own. Each arrives once, its
            // bytes whole.
            let arrived = results["mixed"]?.arrayValue ?? []
            #expect(arrived.count == mixed.count && mixed.allSatisfy(arrived.contains), "\(arrived)")
        }
        for refused in ["detached", "resizable", "reserved"] {
            #expect(results[refused] == ["refused": true, "mentionsPath": true], "\(refused)")
        }
        #expect(results["overLimit"] == ["answer": true])
        // B2 B4: past the file threshold, beside small bytes, both ways.
        #expect(
            results["large"] == [
                "large": Self.bytes(3 << 20, sum: Self.patternSum(3 << 20)),
                "small": Self.bytes(100, sum: Self.patternSum(100)),
            ])
        #expect(results["largeEvent"] == Self.bytes(512 << 10, sum: Self.patternSum(512 << 10)))
        switch engine {
        case .webkitgtk:
            // B2: every delivery went through the web process extension, its bytes beside its text,
            // none as a script (whose bytes would be base64).
            let counts = try #require(results["deliveries"])
            let throughExtension = try #require(counts["throughExtension"]?.doubleValue)
            #expect(Self.deliveries.contains(Int(throughExtension)), "\(counts.jsonString)")
            #expect(counts["attachedBytes"] == .number(Double(Self.deliveredBytes)), "\(counts.jsonString)")
            #expect(
                counts["asScripts"] == 0 && counts["dropped"] == 0 && counts["refused"] == 0, "\(counts.jsonString)")
            // The texts hold no bytes: all of them together are shorter than half the bytes' base64.
            let textBytes = try #require(counts["textBytes"]?.doubleValue)
            #expect(textBytes < Double(Self.deliveredBytes) * 4 / 3 / 2, "\(counts.jsonString)")
            // B2 C5: 20 echoes of 300 KiB, each way as a sealed file (the extension's and the
            // view's counts), leave no file open in the host.
            let files = try #require(results["files"])
            #expect(files["sent"] == 20 && files["received"] == 20, "\(files.jsonString)")
            #expect((files["opened"]?.doubleValue ?? .infinity) < 5, "\(files.jsonString)")
        case .webkitgtkRelay:
            // The relay's way: scripts, the bytes base64 in them.
            let counts = try #require(results["deliveries"])
            #expect(counts["throughExtension"] == 0 && counts["attachedBytes"] == 0, "\(counts.jsonString)")
            let asScripts = try #require(counts["asScripts"]?.doubleValue)
            #expect(Self.deliveries.contains(Int(asScripts)), "\(counts.jsonString)")
            let scriptBytes = try #require(counts["scriptBytes"]?.doubleValue)
            #expect(scriptBytes > Double(Self.deliveredBytes) * 4 / 3, "\(counts.jsonString)")
            #expect(results["files"]?["sent"] == 0 && results["files"]?["received"] == 0)
        case .android, .wkwebview:
            #expect(results["deliveries"] == nil)
        }
    }
}
