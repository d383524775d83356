import Foundation
import Testing
import TodayBridge
import TodayDemoBackend

/// A burst of `track` calls from one page, with the host (and the engine it starts) held to one
/// core, as on a loaded phone: the calls are bounded by the analytics queue, not the in-flight
/// limit, so every one settles and every event reaches the sink exactly once.
@Suite("End to end: a burst of track calls", .serialized)
struct BurstEndToEndTests {
    static let count = 20_000

    @Test(
        "T1 X7 20,000 track calls at once on one core: every call settles and every event reaches the sink exactly once",
        arguments: Engine.engines)
    func burst(engine: Engine) async throws {
        _ = try await ContractEndToEndTests.contractRun(engine)  // after the contract runs: shared backend counters
        let backend = try await EndToEndHost.shared.value.backend
        let run = try await EndToEndHost.open(
            "/e2e/burst.html?engine=\(engine.rawValue)&count=\(Self.count)", on: backend.secureOrigin,
            trusting: [backend.secureOrigin],
            engine: engine, extra: ["--timeout", "180"], pinnedToOneCore: true
        )
        #expect(run.exitCode == 0, "the page did not close itself: \(run.errors.suffix(2000))")
        let results = try #require(
            backend.reports(named: "burst-\(engine.rawValue)").last, "no report; stderr: \(run.errors.suffix(2000))")
        print("burst, \(engine.rawValue), one core: \(results.jsonString)")
        #expect(results["settled"] == .number(Double(Self.count)))
        #expect(results["undefined"] == .number(Double(Self.count)))
        let sequences = run.analytics.filter { $0["event"] == "burst" }.compactMap { $0["sequence"]?.doubleValue }
        #expect(sequences.count == Self.count, "events at the sink: \(sequences.count)")
        #expect(Set(sequences) == Set((0..<Self.count).map(Double.init)))
    }
}
