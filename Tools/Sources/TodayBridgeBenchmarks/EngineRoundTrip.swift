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

    /// One engine's figures: the paths, the string and byte payload sweeps, a stream against
    /// events, and the host's memory for a 64 MiB byte payload through the bridge and through the
    /// raw echo (the last two where the host has the bench capabilities).
    struct Report {
        var paths: [PathResult]
        var sweep: [SweepRow]
        var bytesSweep: [SweepRow]
        var streamVsEvents: (values: Int, streamMs: Double, eventsMs: Double)?
        var memory: (size: Int, before: Int, peak: Int, rawBefore: Int, rawPeak: Int)?
    }

    static func run(engine: String, webRoot: String, calls: Int) async throws -> Report {
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
        func sweep(_ name: String) -> [SweepRow] {
            (report[name]?.arrayValue ?? []).map { row in
                SweepRow(
                    bytes: Int(row["size"]?.doubleValue ?? 0), raw: row["rawEcho"]?.doubleValue ?? .nan,
                    bridge: row["customEcho"]?.doubleValue ?? .nan)
            }
        }
        let streams = report["streamVsEvents"].map { row in
            (
                values: Int(row["values"]?.doubleValue ?? 0), streamMs: row["streamMs"]?.doubleValue ?? .nan,
                eventsMs: row["eventsMs"]?.doubleValue ?? .nan
            )
        }
        let memory = report["memory"].map { row in
            let number = { (name: String) in Int(row[name]?.doubleValue ?? 0) }
            return (
                size: number("size"), before: number("before"), peak: number("peak"), rawBefore: number("rawBefore"),
                rawPeak: number("rawPeak")
            )
        }
        return Report(
            paths: paths, sweep: sweep("sweep"), bytesSweep: sweep("bytesSweep"), streamVsEvents: streams,
            memory: memory)
    }
}
