import TodayBridge

/// A clock that moves only when a test calls ``advance(bySeconds:)``: deadlines without waiting.
///
/// ```swift
/// let clock = ManualClock()
/// let host = BridgeTestHost(clock: clock)
/// async let reply = host.send(["type": "slow"])
/// await clock.advance(bySeconds: 31)   // the capability's deadline passes
/// ```
public final class ManualClock: BridgeClock {
    private struct Sleeper {
        let deadline: BridgeInstant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let state = Locked<(now: BridgeInstant, sleepers: [Int: Sleeper], nextID: Int)>(
        (BridgeInstant(nanoseconds: 0), [:], 0)
    )

    /// Creates a clock at instant zero.
    public init() {}

    public func now() -> BridgeInstant {
        state.withLock { $0.now }
    }

    public func sleep(until deadline: BridgeInstant) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let resumeNow: Bool = state.withLock { state in
                    guard deadline > state.now else { return true }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// The number of tasks sleeping on this clock.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Moves time forward and wakes every sleeper that is due, then lets them run.
    public func advance(bySeconds seconds: Double) async {
        let due = state.withLock { state in
            state.now = state.now.advanced(bySeconds: seconds)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
        await settle()
    }
}

/// Lets other tasks run a while: a bounded number of yields, no wall-clock sleeping.
func settle(rounds: Int = 50) async {
    for _ in 0..<rounds { await Task.yield() }
}
