import Foundation
import Testing
@testable import TodayBridgePostHog

@Suite("PostHog retries: backoff, jitter, Retry-After, which statuses retry")
struct PostHogRetryPolicyTests {
    private let policy = PostHogRetryPolicy(initialDelay: 1, maxDelay: 60, jitter: 0.5, maxRetryAfter: 600)

    @Test("T1 the wait doubles per failure up to the cap; jitter takes at most its share off")
    func exponentialWithJitter() {
        #expect(
            [1, 2, 3, 4, 7, 8, 100].map { policy.delay(afterFailures: $0, random: 0) } == [1, 2, 4, 8, 60, 60, 60])
        #expect(policy.delay(afterFailures: 3, random: 1) == 2)
        #expect(policy.delay(afterFailures: 3, random: 0.5) == 3)
    }

    @Test("T1 Retry-After is a floor on the wait, up to its cap")
    func retryAfterFloor() {
        #expect(policy.delay(afterFailures: 1, random: 0, retryAfter: 30) == 30)
        #expect(policy.delay(afterFailures: 7, random: 0, retryAfter: 5) == 60)
        #expect(policy.delay(afterFailures: 1, random: 0, retryAfter: 86_400) == 600)
    }

    @Test(
        "T1 Retry-After reads seconds and HTTP dates; nonsense counts as absent",
        arguments: [
            ("120", 120.0), (" 7 ", 7), ("Mon, 23 Nov 2026 00:01:40 GMT", 100), ("Sun, 22 Nov 2026 23:00:00 GMT", 0),
            ("soon", nil), ("-5", nil), ("", nil), ("1e9", nil),
        ] as [(String, Double?)])
    func retryAfterHeader(header: String, seconds: Double?) {
        let now = Date(timeIntervalSince1970: 1_795_392_000)  // Mon, 23 Nov 2026 00:00:00 GMT
        #expect(PostHogRetryPolicy.retryAfterSeconds(header, now: now) == seconds)
    }

    @Test(
        "T1 2xx delivers; 5xx, 408 and 429 retry; 413 asks for a smaller batch; other statuses are refusals",
        arguments: [
            (200, "delivered"), (204, "delivered"), (408, "retry"), (429, "retry"), (500, "retry"), (503, "retry"),
            (413, "tooLarge"), (400, "rejected"), (401, "rejected"), (404, "rejected"), (302, "rejected"),
        ])
    func statuses(status: Int, expected: String) {
        switch PostHogClient.outcome(status: status, retryAfter: nil, now: Date()) {
        case .delivered: #expect(expected == "delivered")
        case .retry: #expect(expected == "retry")
        case .tooLarge: #expect(expected == "tooLarge")
        case .unreachable: Issue.record("a status is an answer")
        case .rejected(let refused): #expect(expected == "rejected" && refused == status)
        }
    }
}
