import TodayBridge
import ToolSupport
@_spi(Tools) import TodayBridgePostHog

/// A network monitor the test drives: `report(_:)` is what `NWPathMonitor` would say.
final class FakeNetworkMonitor: PostHogNetworkMonitor {
    private let handler = Locked<(@Sendable (Bool) -> Void)?>(nil)

    func start(onChange: @escaping @Sendable (Bool) -> Void) {
        handler.withLock { $0 = onChange }
    }

    func cancel() {
        handler.withLock { $0 = nil }
    }

    /// Tells the sink the network is usable, or not.
    func report(_ isSatisfied: Bool) {
        handler.withLock { $0 }?(isSatisfied)
    }
}
