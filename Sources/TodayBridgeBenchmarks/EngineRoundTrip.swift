import Foundation
import TodayBridge
import TodayBridgeTestSupport
import TodayDemoBackend
import TodayPageHost

/// Round trips in a real engine: the bench page measures the engine's own channel with a
/// do-nothing reply (the raw echo) next to the full stack, in the same run.
///
/// Each engine runs in a child process of this benchmark (`TodayBridgeBenchmarks host-page`),
/// without the allocation counter the core benchmarks preload.
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

    static func run(engine: String, benchmarks: String, webRoot: String, calls: Int) async throws -> (paths: [PathResult], sweep: [SweepRow]) {
        let certificate = try await CertificateFiles.generate()
        let backend = try await DemoBackend.start(webRoot: webRoot, certificate: certificate)
        defer { backend.stop() }
        let page = backend.secureOrigin + "/bench/roundtrip.html?calls=\(calls)&concurrent=\(calls)"
        let host = await ChildProcess.run(
            benchmarks, arguments: ["host-page", engine, page, backend.secureOrigin, certificate.certificate],
            environment: ["LD_PRELOAD": nil], within: 900
        )
        guard host.status == 0, let report = backend.reports(named: "roundtrip").last, report["error"] == nil else {
            throw BenchmarkError.pageFailed(host.status, backend.reports(named: "roundtrip").last?.jsonString ?? host.standardError)
        }
        print("timer resolution \(report["timerResolution"]?.jsonString ?? "?") ms, cross-origin isolated: \(report["crossOriginIsolated"]?.jsonString ?? "?")")
        let paths = ["rawEcho", "headers", "customEcho"].compactMap { name -> PathResult? in
            guard let path = report[name] else { return nil }
            return PathResult(
                name: name, p50: path["p50"]?.doubleValue ?? .nan, p99: path["p99"]?.doubleValue ?? .nan,
                concurrentPerSecond: path["concurrentPerSecond"]?.doubleValue ?? .nan
            )
        }
        let sweep = (report["sweep"]?.arrayValue ?? []).map { row in
            SweepRow(bytes: Int(row["size"]?.doubleValue ?? 0), raw: row["rawEcho"]?.doubleValue ?? .nan, bridge: row["customEcho"]?.doubleValue ?? .nan)
        }
        return (paths, sweep)
    }

    /// `host-page ENGINE URL TRUSTED-ORIGIN CERTIFICATE`: shows the bench page with the bridge
    /// and the raw echo installed; exits 0 once the page closes itself.
    static func hostPage(_ arguments: [String]) async throws -> Int32 {
        guard arguments.count == 4, let url = URL(string: arguments[1]) else { throw BenchmarkError.usage }
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(
                platform: arguments[0] == "chromium" ? .android : .linux,
                surfaces: [try TrustedSurface(name: "bench", origins: [arguments[2]])]
            ),
            tokens: StaticTokenProvider(token: "bench"),
            analytics: DiscardingSink(),
            identity: AnalyticsIdentity(deviceID: "bench", sessionID: "bench", userID: { nil })
        )
        try TestCapabilities.register(in: bridge)
        let options = PageRunOptions(url: url, headless: true, timeout: 600, certificate: arguments[3])
        let end = switch arguments[0] {
        case "chromium": try await ChromiumPageRunner.run(options: options, bridge: bridge) { try await ChromiumRawEcho.install(on: $0.webView) }
        default: try GTKPageRunner.run(options: options, bridge: bridge) { view, _ in GTKRawEcho.register(in: view) }
        }
        return end.rawValue
    }
}

enum BenchmarkError: Error, CustomStringConvertible {
    case pageFailed(Int32?, String)
    case usage

    var description: String {
        switch self {
        case .pageFailed(let status, let report): "the bench page failed (exit \(status.map(String.init) ?? "none")): \(report)"
        case .usage: "usage: TodayBridgeBenchmarks host-page ENGINE URL TRUSTED-ORIGIN CERTIFICATE"
        }
    }
}
