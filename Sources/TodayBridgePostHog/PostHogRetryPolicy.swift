import Foundation

/// Exponential backoff with jitter between failed deliveries (network errors, 5xx, 408, 429).
///
/// The n-th consecutive failure waits `min(maxDelay, initialDelay * 2^(n-1))`, scaled by a random
/// factor in `1 - jitter ... 1` so that many devices do not retry in step. A `Retry-After` from
/// the server is a floor on the wait, up to `maxRetryAfter`.
public struct PostHogRetryPolicy: Sendable, Hashable {
    /// The wait after the first failure, in seconds.
    public var initialDelay: Double
    /// The longest computed wait, in seconds.
    public var maxDelay: Double
    /// The share of each wait that is random, 0 ... 1.
    public var jitter: Double
    /// The longest `Retry-After` honoured, in seconds; longer ones are cut to this.
    public var maxRetryAfter: Double

    /// Creates a policy: 1 s doubling up to 5 minutes, half of it random, `Retry-After` up to an hour.
    public init(initialDelay: Double = 1, maxDelay: Double = 300, jitter: Double = 0.5, maxRetryAfter: Double = 3600) {
        self.initialDelay = max(0, initialDelay)
        self.maxDelay = max(self.initialDelay, maxDelay)
        self.jitter = min(1, max(0, jitter))
        self.maxRetryAfter = max(0, maxRetryAfter)
    }

    /// Seconds to wait after `failures` consecutive failures (1 or more), given a uniform random
    /// `random` in 0 ... 1 and the server's `Retry-After`, if any.
    public func delay(afterFailures failures: Int, random: Double, retryAfter: Double? = nil) -> Double {
        let exponent = Double(min(max(failures, 1) - 1, 62))
        let computed = min(maxDelay, initialDelay * pow(2, exponent))
        let jittered = computed * (1 - jitter * min(1, max(0, random)))
        guard let retryAfter else { return jittered }
        return max(jittered, min(retryAfter, maxRetryAfter))
    }

    /// A `Retry-After` value in seconds: delta-seconds or an HTTP date, relative to `now`.
    /// `nil` when absent or unreadable.
    public static func retryAfterSeconds(_ header: String?, now: Date = Date()) -> Double? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.allSatisfy(\.isNumber) { return Double(text) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
