/// Where `track` events go: PostHog in production, a recorder in tests.
///
/// The bridge hands events over in the order pages sent them, in batches when several are
/// waiting, from one task at a time.
public protocol AnalyticsSink: Sendable {
    /// Accepts one enriched event. Return once the event is safe (queued durably, or sent).
    ///
    /// A thrown error is reported as a diagnostic; the page's `track` has resolved already.
    func record(_ event: AnalyticsEvent) async throws

    /// Accepts several events, in order. Implement it when a batch costs less than its events
    /// one by one (one write and one `fsync` for all); by default each is recorded in turn.
    func record(_ events: [AnalyticsEvent]) async throws
}

extension AnalyticsSink {
    public func record(_ events: [AnalyticsEvent]) async throws {
        for event in events { try await record(event) }
    }
}
