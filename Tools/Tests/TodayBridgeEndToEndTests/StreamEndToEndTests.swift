import Foundation
import Testing
import TodayBridge

/// Streams through each engine (ST1–ST5): the page reads the test capability `count` with `for
/// await`, through the engine's native-delivery path, with acknowledgements and cancellation.
@Suite("End to end: streams", .serialized)
struct StreamEndToEndTests {
    @Test(
        "ST1 ST2 ST3 ST4 ST5 a page reads streams in order, sees a failure, leaves one with break and aborts another",
        arguments: [EndToEndHost.Engine.webkitgtk, .wkwebview, .android])
    func streams(engine: EndToEndHost.Engine) async throws {
        let results = try await EndToEndHost.report(of: "stream", in: engine)
        #expect(results["all"]?["values"] == .array((0..<100).map { .number(Double($0)) }))
        #expect(results["failed"] == ["values": [0, 1, 2], "code": "declined"])
        #expect(results["broken"] == ["values": [0, 1, 2, 3, 4]])
        #expect(results["aborted"] == ["first": 0, "rest": ["values": [], "code": "cancelled"]])
        #expect(results["after"] == ["values": [0, 1, 2]])
    }
}
