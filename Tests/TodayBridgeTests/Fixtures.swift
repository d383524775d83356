import Foundation
import TodayBridge
import TodayBridgeTesting

/// Shared configuration for the contract tests.
enum Fixtures {
    static let trustedPage = "https://trusted.example.com/app/home"
    static let httpPage = "http://trusted.example.com/app/home"

    static func feedSurface() -> TrustedSurface {
        try! TrustedSurface(
            name: "feed",
            origins: ["https://trusted.example.com", "http://trusted.example.com"],
            pathPrefixes: ["/app"],
            extraHeaders: ["X-Client": "today-test"]
        )
    }

    /// A host on the trusted page, logged in.
    static func trustedHost(
        token: String? = "token-0",
        clock: any BridgeClock = ManualClock(),
        limits: BridgeLimits = BridgeLimits(),
        validation: TrackValidation = TrackValidation(),
        webView: RecordingWebView = RecordingWebView(),
        analytics: RecordingAnalyticsSink = RecordingAnalyticsSink()
    ) -> BridgeTestHost {
        let host = BridgeTestHost(
            surfaces: [feedSurface()], token: token, limits: limits, trackValidation: validation,
            clock: clock, webView: webView, analytics: analytics
        )
        host.load(trustedPage)
        return host
    }

    /// Collects what a stream yields while `body` runs; bounded, never waits on wall time.
    static func collect<Element: Sendable>(
        _ stream: AsyncStream<Element>,
        during body: () async -> Void
    ) async -> [Element] {
        let collector = Task {
            var seen: [Element] = []
            for await element in stream { seen.append(element) }
            return seen
        }
        await body()
        for _ in 0..<50 { await Task.yield() }
        collector.cancel()
        return await collector.value
    }

    /// Yields until `condition` holds or `rounds` turns have passed, for waits whose condition may
    /// rightly never hold (a notification is never answered): lets what is running run.
    static func settle(rounds: Int = 10_000, until condition: () -> Bool = { false }) async {
        for _ in 0..<rounds {
            if condition() { return }
            await Task.yield()
        }
    }

    /// Whether `condition` comes to hold: yields first (most conditions hold within a few turns),
    /// then, for a machine too busy for that (sanitizers, suites in parallel on two cores), checks
    /// every millisecond for up to 10 seconds. Bounded in count and time; never a timing assertion.
    static func waitUntil(_ condition: () -> Bool, rounds: Int = 10_000) async -> Bool {
        await settle(rounds: rounds, until: condition)
        for _ in 0..<10_000 {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return condition()
    }
}

extension BridgeReply {
    /// The resolved value, or `nil` for a rejection or `undefined`.
    var value: JSONValue? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// The structured error of a rejection.
    var error: (code: String, message: String, recoverable: Bool)? {
        guard case .rejection(let reason) = self, reason.hasPrefix("TodayBridgeError:"),
            let body = try? JSONValue(parsing: String(reason.dropFirst("TodayBridgeError:".count))),
            let code = body["code"]?.stringValue, let message = body["message"]?.stringValue,
            let recoverable = body["recoverable"]?.boolValue
        else { return nil }
        return (code, message, recoverable)
    }
}
