/// One stream's values on their way to the page (ST2, ST5): those the producer handed over that
/// no delivery carried yet, and the end that follows them.
///
/// One task at a time delivers them, each delivery carrying every value waiting: the producer
/// never waits for a delivery's round trip, only for room in the window (ST3), so values keep
/// flowing while the page handles the previous ones. Pure, like ``StreamFlow``: the connection
/// keeps it under a lock and runs the deliveries it answers (`BridgeConnection+Streams.swift`).
/// Tested as a table (`StreamOutboxTests`).
package struct StreamOutbox: Sendable, Equatable {
    /// What the page is told after the values: nothing, or the end of ``StreamFlow/Ending/delivered``.
    package enum Closing: Sendable, Equatable {
        case open
        case tellingNothing
        case telling(StreamEnd, BridgeError?)
    }

    package let stream: String
    /// Values waiting, the first of them numbered `firstSeq`.
    package private(set) var waiting: [JSONValue] = []
    package private(set) var firstSeq = 0
    package private(set) var closing = Closing.open
    /// A task is delivering: whoever adds a value or the end leaves it to that task.
    package private(set) var isDelivering = false

    package init(stream: String) {
        self.stream = stream
    }

    /// Adds value `seq`, the next in order. Returns `true` when no task is delivering: the caller
    /// starts one. A value after the end is dropped.
    package mutating func add(_ value: JSONValue, seq: Int) -> Bool {
        guard closing == .open else { return false }
        if waiting.isEmpty { firstSeq = seq }
        waiting.append(value)
        return startDelivering()
    }

    /// The stream ended: the values waiting go, then `end` (ST5), or, with `nil` (the page
    /// cancelled it, or its document is gone), nothing more. Returns `true` when the caller starts
    /// delivering. Only the first close counts.
    package mutating func close(telling end: (end: StreamEnd, error: BridgeError?)?) -> Bool {
        guard closing == .open else { return false }
        guard let end else {
            closing = .tellingNothing
            waiting = []
            return false
        }
        closing = .telling(end.end, end.error)
        return startDelivering()
    }

    /// The next delivery: every value waiting, or, once none is, the end; `nil` when there is
    /// nothing to deliver, and the delivering task stops.
    package mutating func next() -> PageDelivery? {
        if !waiting.isEmpty {
            defer {
                firstSeq += waiting.count
                waiting = []
            }
            return .streamValues(stream: stream, seq: firstSeq, values: waiting)
        }
        if case .telling(let end, let error) = closing {
            closing = .tellingNothing
            return .streamEnd(stream: stream, end: end, error: error)
        }
        isDelivering = false
        return nil
    }

    private mutating func startDelivering() -> Bool {
        if isDelivering { return false }
        isDelivering = true
        return true
    }
}
