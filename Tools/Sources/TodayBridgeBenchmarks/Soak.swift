import Foundation
import TodayBridge
import TodayDemoBackend
import TodayPageHost
import ToolSupport

/// `make soak` (`TodayBridgeBenchmarks soak CYCLES [--engine-alone] [--trim]`): one WebKitGTK host opens
/// and closes `CYCLES` web views one after another, each page sending mixed traffic across a
/// navigation (`web/e2e/soak.html`), and reports the host's resident memory, threads, file
/// descriptors and child processes: at the start, after a warm-up, at the end, and their growth
/// per cycle after the warm-up (a least-squares slope), the figures RELIABILITY.md records. With
/// `--engine-alone` the views have no bridge: the baseline, what WebKitGTK itself grows by. With
/// `--trim` the allocator returns its free memory before each sample (`malloc_trim`).
enum Soak {
    static func run(cycles: Int, engineAlone: Bool, trim: Bool, webRoot: String) async throws {
        let certificate = try await CertificateFiles.generate()
        let backend = try await DemoBackend.start(webRoot: webRoot, certificate: certificate)
        defer { backend.stop() }
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(
                platform: .linux, surfaces: [try TrustedSurface(name: "soak", origins: [backend.secureOrigin])]),
            tokens: StaticTokenProvider(token: "soak"),
            analytics: DiscardingSink(),
            identity: AnalyticsIdentity(deviceID: "soak", sessionID: "soak", userID: { nil })
        )
        try TestCapabilities.register(in: bridge)
        let samples = Locked<[GTKSoak.Sample]>([])
        let started = Date()
        let url = URL(string: backend.secureOrigin + "/e2e/soak.html")!
        try GTKSoak.run(
            url: url, cycles: cycles, bridge: engineAlone ? nil : bridge, certificate: certificate.certificate,
            trimsBeforeSampling: trim
        ) { sample in
            samples.withLock { $0.append(sample) }
            if sample.cycle % 25 == 0 {
                FileHandle.standardError.write(
                    Data("soak: cycle \(sample.cycle) of \(cycles), \(sample.residentKiB) KiB\n".utf8))
            }
        }
        report(samples.withLock { $0 }, engineAlone: engineAlone, seconds: Date().timeIntervalSince(started))
    }

    /// Prints the table: each resource at the start, after the warm-up, at the end, and its growth per cycle.
    static func report(_ samples: [GTKSoak.Sample], engineAlone: Bool, seconds: Double) {
        guard let first = samples.first, let last = samples.last, last.cycle > 0 else {
            return print("soak: no cycle completed")
        }
        let warmUp = min(20, last.cycle / 4)
        let steady = samples.filter { $0.cycle >= warmUp }
        let warm = steady.first ?? first
        let views = engineAlone ? "web views without the bridge (the baseline)" : "web views with the bridge"
        print(
            "## Soak: \(last.cycle) \(views) opened, used across a navigation and closed, one host (\(String(format: "%.0f", seconds)) s)\n"
        )
        print(
            "| resource | start | after \(warm.cycle) cycles | after \(last.cycle) cycles | growth per cycle after \(warm.cycle) |"
        )
        print("|---|---|---|---|---|")
        let rows: [(String, KeyPath<GTKSoak.Sample, Int>)] = [
            ("resident memory, KiB", \.residentKiB), ("threads", \.threads), ("file descriptors", \.fileDescriptors),
            ("child processes", \.childProcesses),
        ]
        for (name, field) in rows {
            let slope = Self.slope(steady.map { (Double($0.cycle), Double($0[keyPath: field])) })
            print(
                String(
                    format: "| %@ | %d | %d | %d | %+.2f |", name, first[keyPath: field], warm[keyPath: field],
                    last[keyPath: field], slope))
        }
    }

    /// The least-squares slope of `points`; 0 for fewer than two.
    static func slope(_ points: [(x: Double, y: Double)]) -> Double {
        guard points.count > 1 else { return 0 }
        let meanX = points.map(\.x).reduce(0, +) / Double(points.count)
        let meanY = points.map(\.y).reduce(0, +) / Double(points.count)
        let covariance = points.map { ($0.x - meanX) * ($0.y - meanY) }.reduce(0, +)
        let variance = points.map { ($0.x - meanX) * ($0.x - meanX) }.reduce(0, +)
        return variance == 0 ? 0 : covariance / variance
    }
}
