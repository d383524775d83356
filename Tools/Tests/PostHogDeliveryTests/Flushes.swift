import TodayBridgePostHog
import ToolSupport

/// Whether a flush of `sink` finishes within `seconds`.
func flushes(_ sink: PostHogSink, within seconds: Double = 20) async -> Bool {
    await completes(within: seconds, Task { await sink.flush() })
}
