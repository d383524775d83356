import Foundation
import TodayBridge

/// Round trips in a real engine: the bench page measures the engine's own channel with a
/// do-nothing reply (the raw echo) next to the full stack, in the same run.
enum EngineRoundTrip {
    struct PathResult {
        var name: String
        var p50: Double
        var p99: Double
        var concurrentPerSecond: Double
    }

    /// One payload size: milliseconds per call, raw and through the bridge.
    struct SweepRow {
        var bytes: Int
        var raw: Double
        var bridge: Double
    }

    static func run(
        engine: String, webRoot: String, calls: Int
    ) async throws -> (paths: [PathResult], sweep: [SweepRow]) {
        let (report, _) = try await BenchPageHost.run(
            engine: engine, path: "/bench/roundtrip.html?calls=\(calls)&concurrent=\(calls)", report: "roundtrip",
            webRoot: webRoot
        )
        print(
            "timer resolution \(report["timerResolution"]?.jsonString ?? "?") ms, cross-origin isolated: \(report["crossOriginIsolated"]?.jsonString ?? "?")"
        )
        let paths = ["rawEcho", "headers", "customEcho"].compactMap { name -> PathResult? in
            guard let path = report[name] else { return nil }
            return PathResult(
                name: name, p50: path["p50"]?.doubleValue ?? .nan, p99: path["p99"]?.doubleValue ?? .nan,
                concurrentPerSecond: path["concurrentPerSecond"]?.doubleValue ?? .nan
            )
        }
        let sweep = (report["sweep"]?.arrayValue ?? []).map { row in
            SweepRow(
                bytes: Int(row["size"]?.doubleValue ?? 0), raw: row["rawEcho"]?.doubleValue ?? .nan,
                bridge: row["customEcho"]?.doubleValue ?? .nan)
        }
        return (paths, sweep)
    }
}
