#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A point on a ``BridgeClock``'s monotonic timeline, in nanoseconds.
public struct BridgeInstant: Sendable, Hashable, Comparable {
    /// Nanoseconds since the clock's own origin.
    public var nanoseconds: UInt64

    /// Creates an instant at `nanoseconds` on the clock's timeline.
    public init(nanoseconds: UInt64) {
        self.nanoseconds = nanoseconds
    }

    /// The instant `seconds` later than this one: this one for zero, a negative number or NaN;
    /// the end of the timeline for a span past it (infinity included), so a deadline too far to
    /// represent is one that never comes.
    public func advanced(bySeconds seconds: Double) -> BridgeInstant {
        guard seconds > 0 else { return self }
        let span = seconds * 1_000_000_000
        guard span < 0x1p64 else { return BridgeInstant(nanoseconds: .max) }
        let (later, overflow) = nanoseconds.addingReportingOverflow(UInt64(span))
        return BridgeInstant(nanoseconds: overflow ? .max : later)
    }

    /// Seconds from `earlier` to this instant (zero if `earlier` is later).
    public func seconds(since earlier: BridgeInstant) -> Double {
        nanoseconds > earlier.nanoseconds ? Double(nanoseconds - earlier.nanoseconds) / 1_000_000_000 : 0
    }

    public static func < (lhs: BridgeInstant, rhs: BridgeInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }
}

/// The time source behind deadlines and durations, injected so tests never wait on wall time.
///
/// Two clocks, never mixed: deadlines, waits and backoff run on the monotonic ``now()``, which a
/// change of the wall clock (the user setting the time, a network time correction) does not
/// move; timestamps (an event's `ts`, a batch's `sent_at`) and HTTP dates come from
/// ``wallTime()``.
///
/// The bridge uses ``SystemBridgeClock`` unless told otherwise; `TodayBridgeTesting` offers a
/// manual clock that tests advance, and whose wall clock they can jump, by hand. (`Swift.Clock`
/// needs iOS 16 and macOS 13; the bridge supports iOS 15 and macOS 12.)
public protocol BridgeClock: Sendable {
    /// The current instant on the monotonic timeline.
    func now() -> BridgeInstant
    /// Suspends until `deadline` on the monotonic timeline; throws `CancellationError` when the
    /// task is cancelled.
    func sleep(until deadline: BridgeInstant) async throws
    /// The wall clock's time, for timestamps only; never for deadlines or waits.
    func wallTime() -> Date
}

extension BridgeClock {
    /// The system's wall clock.
    public func wallTime() -> Date {
        Date()
    }
}
