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
        let backend = try await EndToEndHost.shared.value.backend
        let run = try await EndToEndHost.open(
            "/e2e/stream.html?engine=\(engine.rawValue)", on: backend.secureOrigin, trusting: [backend.secureOrigin],
            engine: engine)
        #expect(run.exitCode == 0, "the page did not close itself: \(run.errors.suffix(2000))")
        let results = try #require(
            backend.reports(named: "stream-\(engine.rawValue)").last, "no report; stderr: \(run.errors.suffix(2000))")
        #expect(results["all"]?["values"] == .array((0..<100).map { .number(Double($0)) }))
        #expect(results["failed"] == ["values": [0, 1, 2], "code": "declined"])
        #expect(results["broken"] == ["values": [0, 1, 2, 3, 4]])
        #expect(results["aborted"] == ["first": 0, "rest": ["values": [], "code": "cancelled"]])
        #expect(results["after"] == ["values": [0, 1, 2]])
    }
}
