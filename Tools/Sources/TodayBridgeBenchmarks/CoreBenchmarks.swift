import Foundation
@_spi(Adapters) @_spi(Tools) import TodayBridge
import TodayBridgeTesting

/// The core alone, no engine: decode + dispatch + reply, refresh coalescing, memory over many calls.
enum CoreBenchmarks {
    /// A trusted host whose analytics sink drops events, so only the bridge is measured.
    static func host(tokens: TestTokenProvider = TestTokenProvider()) throws -> BridgeTestHost {
        let surface = try TrustedSurface(name: "bench", origins: ["https://bench.example"])
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: .linux, surfaces: [surface]),
            tokens: tokens, analytics: DiscardingSink(),
            identity: AnalyticsIdentity(deviceID: "device", sessionID: "session", userID: { "user" })
        )
        let host = BridgeTestHost(bridge: bridge, tokens: tokens)
        host.load("https://bench.example/app")
        return host
    }

    /// Messages per second for `json` sent `count` times, sequentially, from the main frame,
    /// until every `track` event among them has reached the sink.
    static func messagesPerSecond(_ json: String, count: Int) async throws -> Double {
        let host = try host()
        let facts = host.senderFacts()
        for _ in 0..<1_000 { _ = await host.connection.reply(to: .json(json), from: facts) }  // warm up
        await host.bridge.flushAnalytics()
        let start = ContinuousClock.now
        for _ in 0..<count { _ = await host.connection.reply(to: .json(json), from: facts) }
        await host.bridge.flushAnalytics()
        return Double(count) / (ContinuousClock.now - start).seconds
    }

    /// Heap allocations per message for `json`, when `scripts/bench/alloc-counter.c` is preloaded.
    static func allocationsPerMessage(_ json: String, count: Int) async throws -> Double? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "today_allocation_count") else { return nil }
        let allocationCount = unsafeBitCast(symbol, to: (@convention(c) () -> UInt).self)
        let host = try host()
        let facts = host.senderFacts()
        for _ in 0..<1_000 { _ = await host.connection.reply(to: .json(json), from: facts) }
        await host.bridge.flushAnalytics()
        let before = allocationCount()
        for _ in 0..<count { _ = await host.connection.reply(to: .json(json), from: facts) }
        await host.bridge.flushAnalytics()
        return Double(allocationCount() - before) / Double(count)
    }

    /// `pageRefreshes` concurrent `refreshToken` messages and `nativeRefreshes` concurrent calls of
    /// the app's own 401 handling: the upstream refresh count and the time for all to settle.
    static func refreshStorm(pageRefreshes: Int, nativeRefreshes: Int) async throws -> (upstream: Int, seconds: Double)
    {
        let tokens = TestTokenProvider()
        tokens.hold()
        let host = try host(tokens: tokens)
        let facts = host.senderFacts()
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<pageRefreshes {
                group.addTask { _ = await host.connection.reply(to: .json(#"{"type":"refreshToken"}"#), from: facts) }
            }
            for _ in 0..<nativeRefreshes {
                group.addTask { _ = try await host.bridge.tokens.refresh() }
            }
            // Concurrent means all of them waiting at once: release the upstream refresh only then
            // (bounded: after 10 s it is released anyway, and the count shows what joined).
            let patience = ContinuousClock.now + .seconds(10)
            while host.bridge.tokens.waiterCount < pageRefreshes + nativeRefreshes, ContinuousClock.now < patience {
                try await Task.sleep(for: .milliseconds(1))
            }
            tokens.release()
            try await group.waitForAll()
        }
        return (tokens.refreshCount, (ContinuousClock.now - start).seconds)
    }

    /// Resident memory growth (KiB) between 10,000 and `count` sequential calls.
    static func residentGrowth(count: Int) async throws -> (afterWarmUp: Int, atEnd: Int) {
        let host = try host()
        let facts = host.senderFacts()
        let json = #"{"type":"track","ename":"opened","parameters":{"tab":"home","n":1}}"#
        for _ in 0..<10_000 { _ = await host.connection.reply(to: .json(json), from: facts) }
        let afterWarmUp = residentKiB()
        for _ in 10_000..<count { _ = await host.connection.reply(to: .json(json), from: facts) }
        return (afterWarmUp, residentKiB())
    }

    private static func residentKiB() -> Int {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }
}

/// An analytics sink that keeps nothing.
struct DiscardingSink: AnalyticsSink {
    func record(_ event: AnalyticsEvent) async throws {}
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
