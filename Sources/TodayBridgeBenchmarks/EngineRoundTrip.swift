import Foundation
import TodayBridge
import TodayDemoBackend

/// Round trips in a real engine: the bench page measures the engine's own channel with a
/// do-nothing reply next to the full stack, in the same run (`today-bridge open --raw-echo`).
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

    static func run(engine: String, cli: URL, webRoot: String, calls: Int) async throws -> (paths: [PathResult], sweep: [SweepRow]) {
        let certificate = try CertificateFiles.generate()
        let backend = try await DemoBackend.start(webRoot: webRoot, certificate: certificate)
        defer { backend.stop() }
        let process = Process()
        process.executableURL = cli
        process.arguments = [
            "open", backend.secureOrigin + "/bench/roundtrip.html?calls=\(calls)&concurrent=\(calls)", "--headless",
            "--engine", engine, "--web-root", webRoot,
            "--timeout", "600", "--test-capabilities", "--raw-echo", "--trust", backend.secureOrigin, "--token", "bench",
            "--certificate", certificate.certificate,
        ]
        // The allocation counter is for the core benchmark; the engines run without it.
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "LD_PRELOAD" }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        guard status == 0, let report = backend.reports(named: "roundtrip").last, report["error"] == nil else {
            throw BenchmarkError.pageFailed(status, backend.reports(named: "roundtrip").last?.jsonString ?? "no report")
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
}

enum BenchmarkError: Error, CustomStringConvertible {
    case pageFailed(Int32, String)
    var description: String {
        switch self {
        case .pageFailed(let status, let report): "the bench page failed (exit \(status)): \(report)"
        }
    }
}
