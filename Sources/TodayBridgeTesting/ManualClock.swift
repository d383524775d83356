import Foundation
import TodayBridge

/// A clock that moves only when a test calls ``advance(bySeconds:)``: deadlines without waiting.
///
/// ``BridgeTestHost`` runs on one unless told otherwise; ``BridgeTestHost/advance(bySeconds:)``
/// moves it.
///
/// ```swift
/// let host = BridgeTestHost()
/// async let reply = host.send(["type": "slow"])
/// await host.advance(bySeconds: 31)   // the capability's deadline passes
/// ```
///
/// Its wall clock starts at ``wallClockStart`` and moves with ``advance(bySeconds:)``;
/// ``jumpWallClock(bySeconds:)`` sets it forward or back without time passing, as a user changing
/// the device's time does.
public final class ManualClock: BridgeClock {
    private struct Sleeper {
        let deadline: BridgeInstant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = BridgeInstant(nanoseconds: 0)
        var wallTime = ManualClock.wallClockStart
        var sleepers: [Int: Sleeper] = [:]
        var cancelledBeforeSleeping: Set<Int> = []
        var nextID = 0
    }

    private let state = Locked(State())

    /// Where the wall clock of a new manual clock starts: 2026-01-01T00:00:00Z.
    public static let wallClockStart = Date(timeIntervalSince1970: 1_767_225_600)

    /// Creates a clock at instant zero.
    public init() {}

    public func now() -> BridgeInstant {
        state.withLock { $0.now }
    }

    public func wallTime() -> Date {
        state.withLock { $0.wallTime }
    }

    /// Sets the wall clock `seconds` forward (or back, when negative) without time passing: no
    /// sleeper wakes.
    public func jumpWallClock(bySeconds seconds: Double) {
        state.withLock { $0.wallTime.addTimeInterval(seconds) }
    }

    public func sleep(until deadline: BridgeInstant) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let wasCancelled: Bool? = state.withLock { state in
                    if state.cancelledBeforeSleeping.remove(id) != nil { return true }
                    guard deadline > state.now else { return false }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                switch wasCancelled {
                case true?: continuation.resume(throwing: CancellationError())
                case false?: continuation.resume()
                case nil: break
                }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelledBeforeSleeping.insert(id)
                    return nil
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// The number of tasks sleeping on this clock.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// When the sleeping tasks wake, in seconds from the clock's start, earliest first.
    public var wakeTimes: [Double] {
        state.withLock { $0.sleepers.values.map { Double($0.deadline.nanoseconds) / 1e9 }.sorted() }
    }

    /// Moves time forward and wakes every sleeper that is due, then lets them run.
    public func advance(bySeconds seconds: Double) async {
        let due = state.withLock { state in
            state.now = state.now.advanced(bySeconds: seconds)
            state.wallTime.addTimeInterval(max(0, seconds))
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
