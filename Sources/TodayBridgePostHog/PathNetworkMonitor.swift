#if canImport(Network)
import Dispatch
import Network

/// ``PostHogNetworkMonitor`` over Network's `NWPathMonitor` (Apple platforms).
final class PathNetworkMonitor: PostHogNetworkMonitor, @unchecked Sendable {
    // @unchecked: `NWPathMonitor` is thread-safe; it calls back on `queue`.
    private let monitor = NWPathMonitor()
    private let queue = DispatchQueue(label: "today-bridge.posthog.network")

    func start(onChange: @escaping @Sendable (_ isSatisfied: Bool) -> Void) {
        monitor.pathUpdateHandler = { path in onChange(path.status == .satisfied) }
        monitor.start(queue: queue)
    }

    func cancel() {
        monitor.cancel()
    }
}
#endif
