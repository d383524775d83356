import Foundation
import TodayBridge
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one batch request, gzipped, and says what to do about the answer.
struct PostHogClient: Sendable {
    /// What an attempt to deliver a batch came to.
    enum Outcome: Equatable, Sendable {
        /// 2xx: PostHog has the events.
        case delivered
        /// 5xx, 408 or 429: try again later, no sooner than `retryAfter` seconds.
        case retry(retryAfter: Double?, reason: String)
        /// No answer (a network error or a timeout): try again later, or when the network comes back.
        case unreachable
        /// 413: the batch is too large; fewer events may go.
        case tooLarge
        /// Any other status: sending the same events again cannot succeed.
        case rejected(status: Int)
    }

    let url: URL
    let timeout: Double
    let userAgent: String
    let session: URLSession
    /// Whether ``close()`` released the session: a request is made under this lock, so none is
    /// made on a session already invalidated (FoundationNetworking stops the process then).
    private let isClosed = Locked(false)
    /// Its wall clock reads a `Retry-After` HTTP date.
    let clock: any BridgeClock

    init(url: URL, timeout: Double, userAgent: String, clock: any BridgeClock) {
        self.url = url
        self.userAgent = userAgent
        self.timeout = timeout
        self.clock = clock
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = timeout
        self.session = URLSession(configuration: configuration)
    }

    /// POSTs `body` (JSON) to the batch endpoint, gzipped (as is, should zlib fail).
    func send(_ body: [UInt8]) async -> Outcome {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        if let compressed = Gzip.compress(body) {
            request.setValue("gzip", forHTTPHeaderField: "Content-Encoding")
            request.httpBody = Data(compressed)
        } else {
            request.httpBody = Data(body)
        }
        // The completion-handler API, not `data(for:)`: on Linux, cancelling the async call while
        // it completes deadlocks inside FoundationNetworking. A request is never cancelled; it
        // ends by its timeout at the latest.
        let response: URLResponse? = await withCheckedContinuation { continuation in
            let task = isClosed.withLock { isClosed in
                isClosed
                    ? nil
                    : session.dataTask(with: request) { _, response, _ in continuation.resume(returning: response) }
            }
            guard let task else { return continuation.resume(returning: nil) }
            task.resume()
        }
        guard let response = response as? HTTPURLResponse else { return .unreachable }
        return Self.outcome(
            status: response.statusCode, retryAfter: response.value(forHTTPHeaderField: "Retry-After"),
            now: clock.wallTime())
    }

    /// Lets a request in flight finish, then releases the session.
    func close() {
        isClosed.withLock { isClosed in
            isClosed = true
            session.finishTasksAndInvalidate()
        }
    }

    /// The outcome of an HTTP status and its `Retry-After` header.
    static func outcome(status: Int, retryAfter: String?, now: Date) -> Outcome {
        switch status {
        case 200..<300:
            .delivered
        case 413:
            .tooLarge
        case 408, 429, 500..<600:
            .retry(retryAfter: PostHogRetryPolicy.retryAfterSeconds(retryAfter, now: now), reason: "HTTP \(status)")
        default:
            .rejected(status: status)
        }
    }
}
