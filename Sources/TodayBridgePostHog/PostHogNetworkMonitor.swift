/// Tells the delivery loop whether the device has a usable network path, so that a network that
/// comes back ends a backoff early (a network error's, not a server's `Retry-After`).
@_spi(Tools) public protocol PostHogNetworkMonitor: Sendable {
    /// Starts reporting: `onChange` hears the current state, then every change.
    func start(onChange: @escaping @Sendable (_ isSatisfied: Bool) -> Void)
    /// Stops reporting.
    func cancel()
}

/// The monitor of this platform: `NWPathMonitor` on Apple platforms, none elsewhere.
func platformNetworkMonitor() -> (any PostHogNetworkMonitor)? {
    #if canImport(Network)
    PathNetworkMonitor()
    #else
    nil
    #endif
}
