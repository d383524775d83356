import Foundation
import TodayBridge
import ToolSupport

/// `make bench`: every benchmark, each reported as a ratio to a baseline measured in the same run.
@main
enum BenchmarkCommand {
    static func main() async throws {
        if CommandLine.arguments.dropFirst().first == "host-page" {
            ParentLifetime.endWithParentWhenAsked()
            exit(try await BenchPageHost.serve(Array(CommandLine.arguments.dropFirst(2))))
        }
        if CommandLine.arguments.dropFirst().first == "soak" {
            let cycles = CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 200
            try await Soak.run(
                cycles: cycles, engineAlone: CommandLine.arguments.contains("--engine-alone"),
                trim: CommandLine.arguments.contains("--trim"), webRoot: "web")
            // WebKit's exit handlers unref its objects on the exiting thread, not GTK's, and abort:
            // the report is out, so end without them.
            fflush(nil)
            _exit(0)
        }
        if CommandLine.arguments.contains("--bursts-only") { return try await bursts() }
        let calls = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 5000
        if let engine = option("--engine") { return try await roundTrips(engine: engine, calls: calls) }
        try await coreAlone()
        if CommandLine.arguments.contains("--core-only") { return }
        try await refreshCoalescing()
        try await memory()
        for (engine, _) in engines { try await roundTrips(engine: engine, calls: calls) }
        try await bursts()
    }

    /// The engines with round trips, by name (`--engine`) and title, in the order they run.
    private static let engines = [
        ("webkitgtk", "WebKitGTK (web process extension)"), ("webkitgtk-relay", "WebKitGTK (relay, the fallback)"),
        ("android", "Android (the Android library over Android's WebView API on Chromium)"),
    ]

    /// The value after `name` on the command line.
    private static func option(_ name: String) -> String? {
        let arguments = CommandLine.arguments
        return arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
    }

    /// One engine's round trips and payload sweep (`--engine NAME` runs only these).
    private static func roundTrips(engine: String, calls: Int) async throws {
        guard let title = engines.first(where: { $0.0 == engine })?.1 else { throw BenchmarkError.usage }
        let results = try await EngineRoundTrip.run(engine: engine, webRoot: "web", calls: calls)
        report(results.paths, engine: title, calls: calls)
        report(results.sweep, engine: title, of: "custom echo capability vs raw echo")
        report(results.bytesSweep, engine: title, of: "a Uint8Array through the custom echo vs the raw echo")
        if let streams = results.streamVsEvents {
            print("## \(title) a stream of \(streams.values) values vs as many events\n")
            print("| stream ms | events ms | ratio |")
            print("|---|---|---|")
            print(
                String(
                    format: "| %.1f | %.1f | %.2fx |\n", streams.streamMs, streams.eventsMs,
                    streams.streamMs / streams.eventsMs))
        }
        if let memory = results.memory {
            print("## \(title) host memory for one \(memory.size >> 20) MiB byte payload, echoed\n")
            print("| path | resident before | peak | growth | growth / payload |")
            print("|---|---|---|---|---|")
            for (path, before, peak) in [
                ("bridge", memory.before, memory.peak), ("raw echo", memory.rawBefore, memory.rawPeak),
            ] {
                print(
                    String(
                        format: "| %@ | %d MiB | %d MiB | %d MiB | %.2fx |", path, before >> 20, peak >> 20,
                        (peak - before) >> 20, Double(peak - before) / Double(memory.size)))
            }
            print("")
        }
    }

    private static func coreAlone() async throws {
        let count = CommandLine.arguments.contains("--core-only") ? 20_000 : 100_000
        let track = #"{"type":"track","ename":"article_opened","parameters":{"id":42,"tab":"home","premium":true}}"#
        let headers = #"{"type":"headers"}"#
        let baseline = parseAndSerialize(track, count: count)
        let trackRate = try await CoreBenchmarks.messagesPerSecond(track, count: count)
        let headersRate = try await CoreBenchmarks.messagesPerSecond(headers, count: count)
        print("## Core alone (no engine), \(count) sequential messages, one task\n")
        let trackAllocations = try await CoreBenchmarks.allocationsPerMessage(track, count: 10_000)
        let headersAllocations = try await CoreBenchmarks.allocationsPerMessage(headers, count: 10_000)
        let allocations = { (value: Double?) in
            value.map { String(format: "%.1f", $0) } ?? "not measured (run with make bench)"
        }
        print("| path | messages/s | µs/message | vs JSON parse + serialize only | allocations/message |")
        print("|---|---|---|---|---|")
        for (name, rate, allocated) in [
            ("JSON parse + serialize (baseline)", baseline, "—"),
            ("track (validate, enrich, sink)", trackRate, allocations(trackAllocations)),
            ("headers", headersRate, allocations(headersAllocations)),
        ] {
            print(
                String(format: "| %@ | %.0f | %.2f | %.2fx | %@ |", name, rate, 1e6 / rate, baseline / rate, allocated))
        }
        print("")
    }

    private static func parseAndSerialize(_ json: String, count: Int) -> Double {
        let start = ContinuousClock.now
        var bytes = 0
        for _ in 0..<count { bytes &+= ((try? JSONValue(parsing: json))?.jsonString.utf8.count ?? 0) }
        precondition(bytes > 0)
        return Double(count) / (ContinuousClock.now - start).seconds
    }

    private static func refreshCoalescing() async throws {
        let storm = try await CoreBenchmarks.refreshStorm(pageRefreshes: 1_000, nativeRefreshes: 1_000)
        print("## Refresh coalescing\n")
        print(
            "1,000 concurrent page refreshes + 1,000 concurrent native 401 refreshes: **\(storm.upstream)** upstream refresh(es), all settled in \(String(format: "%.1f", storm.seconds * 1000)) ms.\n"
        )
    }

    private static func memory() async throws {
        let (warm, end) = try await CoreBenchmarks.residentGrowth(count: 100_000)
        print("## Memory\n")
        print(
            "Resident after 10,000 calls: \(warm) KiB; after 100,000: \(end) KiB (growth \(end - warm) KiB over 90,000 calls).\n"
        )
    }

    private static func report(_ results: [EngineRoundTrip.PathResult], engine: String, calls: Int) {
        guard let baseline = results.first(where: { $0.name == "rawEcho" }) else { return }
        print("## \(engine) round trip, page -> host -> page\n")
        print(
            "\(calls) sequential calls per path (p50, p99), \(calls) concurrent calls (throughput). Baseline: the engine's own channel with a do-nothing reply.\n"
        )
        print("| path | p50 ms | p99 ms | p50 ratio | p99 ratio | concurrent calls/s | throughput ratio |")
        print("|---|---|---|---|---|---|---|")
        for result in results where result.p50.isFinite {
            print(
                String(
                    format: "| %@ | %.3f | %.3f | %.2fx | %.2fx | %.0f | %.2fx |",
                    result.name, result.p50, result.p99, result.p50 / baseline.p50, result.p99 / baseline.p99,
                    result.concurrentPerSecond, result.concurrentPerSecond / baseline.concurrentPerSecond
                ))
        }
        print("")
    }

    private static func bursts() async throws {
        print("## Burst: track calls at once from one page\n")
        print("| engine | calls | sink | events at the sink | all calls settled, s | last event at the sink, s |")
        print("|---|---|---|---|---|---|")
        for engine in ["webkitgtk", "android"] {
            for count in [5_000, 50_000] {
                // An Android app has its own analytics: the PostHog sink is this project's Swift one.
                for sink in engine == "android" ? [BenchPageHost.Sink.count] : [.count, .posthog] {
                    let row = try await EngineBurst.run(engine: engine, count: count, sink: sink, webRoot: "web")
                    let sinkName = sink == .posthog ? "PostHog (on disk)" : "counting"
                    print(
                        String(
                            format: "| %@ | %d | %@ | %d | %.2f | %.2f |", engine, count, sinkName, row.atSink,
                            row.settledSeconds, row.lastAtSinkSeconds))
                }
            }
        }
        print("")
    }

    private static func report(_ sweep: [EngineRoundTrip.SweepRow], engine: String, of what: String) {
        guard !sweep.isEmpty else { return }
        print("## \(engine) payload sweep (\(what), ms per call)\n")
        print("| payload | raw ms | bridge ms | ratio |")
        print("|---|---|---|---|")
        for row in sweep {
            let size =
                row.bytes >= 1 << 20
                ? "\(row.bytes >> 20) MiB" : row.bytes >= 1 << 10 ? "\(row.bytes >> 10) KiB" : "\(row.bytes) B"
            print(String(format: "| %@ | %.3f | %.3f | %.2fx |", size, row.raw, row.bridge, row.bridge / row.raw))
        }
        print("")
    }
}
