/// Where `track` events go: PostHog in production, a recorder in tests.
public protocol AnalyticsSink: Sendable {
    /// Accepts one enriched event. Return once the event is safe (queued durably, or sent).
    ///
    /// A thrown error is reported as a diagnostic; the page's `track` still resolves `undefined`.
    func record(_ event: AnalyticsEvent) async throws
}
