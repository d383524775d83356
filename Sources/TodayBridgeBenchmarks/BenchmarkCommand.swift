import Foundation

/// `today-bridge-bench`: the benchmarks, each reported as a ratio to a baseline from the same run.
@main
enum BenchmarkCommand {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        let calls = arguments.first.flatMap(Int.init) ?? 5000
        let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let results = try await EngineRoundTrip.run(cli: binaries.appendingPathComponent("today-bridge"), webRoot: "web", calls: calls)
        guard let baseline = results.first(where: { $0.name == "rawEcho" }) else { return }
        print("WebKitGTK round trip, \(calls) sequential calls per path; \(calls) concurrent for throughput")
        print("| path | p50 ms | p99 ms | p50 ratio | p99 ratio | concurrent calls/s | throughput ratio |")
        print("|---|---|---|---|---|---|---|")
        for result in results {
            print(String(
                format: "| %@ | %.3f | %.3f | %.2fx | %.2fx | %.0f | %.2fx |",
                result.name, result.p50, result.p99, result.p50 / baseline.p50, result.p99 / baseline.p99,
                result.concurrentPerSecond, result.concurrentPerSecond / baseline.concurrentPerSecond
            ))
        }
    }
}
