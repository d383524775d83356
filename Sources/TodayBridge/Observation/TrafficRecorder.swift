#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Records a bridge's traffic for inspection: every page message, native event and native call,
/// within a fixed memory bound (X5).
///
/// Opt-in, for debug builds and tools: until a recorder (or a reader of
/// ``TodayBridge/traces()``) exists, the bridge builds no trace at all. Each record is a
/// ``BridgeTrace``: web view, frame, origin, type, outcome, answer, error code, start, duration
/// and sizes in bytes. None holds a message body, a reply, a credential, a cookie or a header value.
///
/// Memory is bounded: at most ``capacity`` traces are kept (by default
/// ``defaultCapacity``, 10,000); past that the oldest go, counted in ``droppedCount``. A trace's
/// type is cut to ``maxTypeLength`` Unicode scalars, so a page cannot grow a record: a record takes
/// well under 1 KB, a full default recorder a few MB at most.
///
/// ```swift
/// #if DEBUG
/// let recorder = TrafficRecorder(recording: bridge)
/// // Later, from a debug menu: write JSON lines, then `today-bridge inspect traffic.jsonl` renders them.
/// try recorder.jsonLines().write(to: URL(fileURLWithPath: "traffic.jsonl"), atomically: true, encoding: .utf8)
/// #endif
/// ```
public final class TrafficRecorder: Sendable {
    /// The number of traces a recorder keeps unless told otherwise.
    public static let defaultCapacity = 10_000
    /// The longest type or name a record keeps, in Unicode scalars.
    public static let maxTypeLength = 100

    /// The most traces kept at once.
    public let capacity: Int
    /// When recording began, on the bridge's clock (traces' ``BridgeTrace/start`` counts on it).
    public let startedAt: BridgeInstant
    /// When recording began, on the wall clock.
    public let startDate: Date

    private let log: Locked<RingBuffer<BridgeTrace>>
    private let broadcast: Broadcast<BridgeTrace>
    private let subscription: Locked<Int?>

    /// Starts recording `bridge`'s traffic, keeping at most `capacity` traces.
    public init(recording bridge: TodayBridge, capacity: Int = TrafficRecorder.defaultCapacity) {
        let log = Locked(RingBuffer<BridgeTrace>(capacity: capacity))
        self.capacity = max(0, capacity)
        self.log = log
        startedAt = bridge.clock.now()
        startDate = Date()
        broadcast = bridge.observer.traces
        subscription = Locked(
            broadcast.listen { trace in
                let kept = trace.cut(to: TrafficRecorder.maxTypeLength)
                log.withLock { $0.append(kept) }
            })
    }

    /// The traces kept, oldest first.
    public var traces: [BridgeTrace] {
        log.withLock { $0.elements }
    }

    /// How many traces were let go to stay within ``capacity``.
    public var droppedCount: Int {
        log.withLock { $0.dropped }
    }

    /// Stops recording; what was kept stays readable. Recording also stops when the recorder goes.
    public func stop() {
        let id = subscription.withLock { id in
            defer { id = nil }
            return id
        }
        if let id { broadcast.stopListening(id) }
    }

    /// The recording as JSON lines: a header (format, start date, capacity, drops), then one
    /// record per trace, oldest first, times in milliseconds since ``startDate``.
    /// `today-bridge inspect FILE.jsonl` renders it as an HTML timeline.
    public func jsonLines() -> String {
        recording.jsonLines()
    }

    /// The recording as `today-bridge` writes and reads it.
    @_spi(Tools) public var recording: TrafficRecording {
        let (traces, dropped) = log.withLock { ($0.elements, $0.dropped) }
        return TrafficRecording(
            header: TrafficRecordingHeader(startDate: startDate, capacity: capacity, dropped: dropped),
            records: traces.map { TrafficRecord($0, since: startedAt) }
        )
    }

    deinit {
        stop()
    }
}

extension BridgeTrace {
    /// The trace with its type cut to `length` Unicode scalars.
    fileprivate func cut(to length: Int) -> BridgeTrace {
        guard let type, !type.unicodeScalars.dropFirst(length).isEmpty else { return self }
        var cut = self
        cut.type = String(String.UnicodeScalarView(type.unicodeScalars.prefix(length)))
        return cut
    }
}
