/// One stream's state (ST1–ST5): the window of values the page has not acknowledged yet, the next
/// sequence number, and its one end.
///
/// Pure: it starts nothing and calls nothing; the connection keeps it under its lock and runs what
/// it answers (`BridgeConnection+Streams.swift`). Its transitions are tested as a table
/// (`StreamFlowTests`).
package struct StreamFlow: Sendable, Equatable {
    /// Why a stream ended.
    package enum Ending: Sendable, Equatable {
        /// The capability's sequence finished (ST5).
        case finished
        /// The capability's sequence threw (ST5).
        case failed(BridgeError)
        /// No value came within the deadline (ST4).
        case timeout
        /// The page cancelled it (ST4).
        case cancelled
        /// Its document went away: a navigation, a restore, a dead web process, a closed web view (ST5).
        case documentGone

        /// The end delivery the page is told of; none when the page ended it or is gone.
        package var delivered: (end: StreamEnd, error: BridgeError?)? {
            switch self {
            case .finished: (.finished, nil)
            case .failed(let error): (.failed, error)
            case .timeout: (.timeout, .timeout("no value within the stream's deadline"))
            case .cancelled, .documentGone: nil
            }
        }
    }

    /// What to do with a value the producer has.
    package enum Offer: Sendable, Equatable {
        /// Deliver it as value `seq`.
        case send(seq: Int)
        /// The window is full: wait for the page's acknowledgement.
        case wait
        /// The stream ended: drop it and stop the producer.
        case ended
    }

    package let window: Int
    /// Values delivered, and of them acknowledged by the page.
    package private(set) var sent = 0
    package private(set) var acknowledged = 0
    /// The end, once there is one.
    package private(set) var ending: Ending?

    package init(window: Int) {
        self.window = max(1, window)
    }

    /// Values the host may still send before the page acknowledges more (ST3).
    package var credit: Int { window - (sent - acknowledged) }

    package var isEnded: Bool { ending != nil }

    /// The producer has its next value (ST2, ST3).
    package mutating func offer() -> Offer {
        if ending != nil { return .ended }
        if credit <= 0 { return .wait }
        sent += 1
        return .send(seq: sent - 1)
    }

    /// The page consumed `count` more values (ST3); more than it was sent counts as what it was
    /// sent. Returns whether a producer waiting for room may go on.
    package mutating func acknowledge(_ count: Int) -> Bool {
        guard ending == nil, count > 0 else { return false }
        acknowledged = min(sent, acknowledged + count)
        return credit > 0
    }

    /// Ends the stream; `false` when it had ended already (ST5: exactly one end).
    package mutating func end(_ ending: Ending) -> Bool {
        guard self.ending == nil else { return false }
        self.ending = ending
        return true
    }
}
