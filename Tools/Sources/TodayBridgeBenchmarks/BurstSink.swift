import Foundation
import TodayBridge
import ToolSupport

/// Counts the events that reach the sink behind it and notes when the last one did, for the
/// burst rows.
final class BurstSink: AnalyticsSink {
    private let inner: any AnalyticsSink
    private let state = Locked<(count: Int, lastAt: Double)>((0, 0))

    init(inner: any AnalyticsSink) {
        self.inner = inner
    }

    func record(_ event: AnalyticsEvent) async throws {
        try await record([event])
    }

    func record(_ events: [AnalyticsEvent]) async throws {
        try await inner.record(events)
        let now = Date().timeIntervalSince1970 * 1000
        state.withLock { state in
            state.count += events.count
            state.lastAt = now
        }
    }

    /// `{"burstEvents": N, "lastRecordedAt": epoch ms}`.
    var report: String {
        let (count, lastAt) = state.withLock { ($0.count, $0.lastAt) }
        return #"{"burstEvents":\#(count),"lastRecordedAt":\#(lastAt)}"#
    }
}
