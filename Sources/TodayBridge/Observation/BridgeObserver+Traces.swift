extension BridgeObserver {
    /// Publishes the trace `build` makes, calling it only when someone listens: nobody listening,
    /// nothing is measured or built (X5).
    func trace(_ build: () -> BridgeTrace) {
        guard traces.hasSubscribers else { return }
        traces.publish(build())
    }

    /// What `measure` says when someone listens to traces, else `nil`, unmeasured: for a size a
    /// later trace reports (a stream's request, traced at its end).
    func measuredForTraces(_ measure: () -> Int) -> Int? {
        traces.hasSubscribers ? measure() : nil
    }
}

extension BridgeReply {
    /// What the page gets and its size in UTF-8 bytes: the value as compact JSON (0 for
    /// `undefined`) or the rejection's reason. Only computed for traces.
    var tracedAnswer: (answer: BridgeTrace.Answer, bytes: Int) {
        switch self {
        case .value(nil): (.undefined, 0)
        case .value(let value?): (.value, value.jsonUTF8.count)
        case .rejection(let reason): (.rejection, reason.utf8.count)
        }
    }
}

extension BridgeTrace.Outcome {
    /// How a failure with `code` is traced: a deadline, a page gone, the in-flight limit, or a
    /// plain rejection.
    init(failure code: BridgeError.Code) {
        switch code {
        case .timeout: self = .timedOut
        case .cancelled: self = .cancelled
        case .busy: self = .busy
        default: self = .rejected
        }
    }
}
