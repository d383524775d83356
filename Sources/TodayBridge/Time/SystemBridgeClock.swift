import Dispatch

/// The system's clocks: monotonic time for deadlines (it does not move when the wall clock is
/// set), the wall clock for timestamps.
public struct SystemBridgeClock: BridgeClock {
    /// Creates the system clock.
    public init() {}

    public func now() -> BridgeInstant {
        BridgeInstant(nanoseconds: DispatchTime.now().uptimeNanoseconds)
    }

    public func sleep(until deadline: BridgeInstant) async throws {
        let current = now()
        guard deadline > current else { return }
        try await Task.sleep(nanoseconds: deadline.nanoseconds - current.nanoseconds)
    }
}
