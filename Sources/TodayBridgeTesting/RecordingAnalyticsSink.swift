import TodayBridge

/// An analytics sink that keeps every event, for assertions.
public final class RecordingAnalyticsSink: AnalyticsSink {
    private let recorded = Locked<[AnalyticsEvent]>([])
    private let failure: (any Error)?

    /// Creates a sink; with `failing`, every `record` throws it after recording nothing.
    public init(failing failure: (any Error)? = nil) {
        self.failure = failure
    }

    public func record(_ event: AnalyticsEvent) async throws {
        if let failure { throw failure }
        recorded.withLock { $0.append(event) }
    }

    /// Every event accepted so far, oldest first.
    public var events: [AnalyticsEvent] {
        recorded.withLock { $0 }
    }
}
