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
        clock: any BridgeClock = SystemBridgeClock(),
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

    /// Yields until `condition` holds, a bounded number of times.
    static func waitUntil(_ condition: () -> Bool, rounds: Int = 10_000) async -> Bool {
        for _ in 0..<rounds {
            if condition() { return true }
            await Task.yield()
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
