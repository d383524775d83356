/// What the capture server does with one request instead of accepting it.
package enum CaptureFault: Sendable, Equatable {
    /// Answer this status (with `Retry-After` when given) and keep nothing.
    case status(Int, retryAfter: String? = nil)
    /// Keep the events, then hold the answer this many seconds (the client times out first).
    case stall(seconds: Double)
    /// Close the connection without an answer, keeping nothing.
    case dropConnection
}
