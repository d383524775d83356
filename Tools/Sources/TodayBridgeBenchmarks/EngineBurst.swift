import Foundation
import TodayBridge

/// A burst of `track` calls at once from one page, in a real engine: how many events reach the
/// sink, how long until every call settled, and how long until the last event reached the sink
/// (with the PostHog sink: was on disk).
enum EngineBurst {
    struct Row {
        var engine: String
        var count: Int
        var sink: BenchPageHost.Sink
        var atSink: Int
        var settledSeconds: Double
        var lastAtSinkSeconds: Double
    }

    static func run(engine: String, count: Int, sink: BenchPageHost.Sink, webRoot: String) async throws -> Row {
        let (report, lines) = try await BenchPageHost.run(
            engine: engine, path: "/bench/burst.html?count=\(count)", report: "burst", sink: sink, webRoot: webRoot)
        let host = lines.compactMap { try? JSONValue(parsing: $0) }.last { $0["burstEvents"] != nil }
        let startedAt = report["startedAt"]?.doubleValue ?? .nan
        return Row(
            engine: engine, count: count, sink: sink,
            atSink: Int(host?["burstEvents"]?.doubleValue ?? 0),
            settledSeconds: report["seconds"]?.doubleValue ?? .nan,
            lastAtSinkSeconds: ((host?["lastRecordedAt"]?.doubleValue ?? .nan) - startedAt) / 1000
        )
    }
}
