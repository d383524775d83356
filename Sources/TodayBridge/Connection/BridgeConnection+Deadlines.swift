extension BridgeConnection {
    /// Makes sure a watcher will wake by `deadline`. One watcher per connection sleeps towards
    /// the earliest pending deadline; an earlier deadline replaces it.
    func armDeadline(_ deadline: BridgeInstant) {
        let generation: UInt64? = state.withLock { state in
            if let armed = state.armedDeadline, armed <= deadline { return nil }
            state.armedDeadline = deadline
            state.watcherGeneration &+= 1
            state.watcher?.cancel()
            return state.watcherGeneration
        }
        guard let generation else { return }
        let watcher = Task { await self.watchDeadlines(generation: generation, firstWake: deadline) }
        state.withLock { state in
            if state.watcherGeneration == generation { state.watcher = watcher }
        }
    }

    private func watchDeadlines(generation: UInt64, firstWake: BridgeInstant) async {
        var wake = firstWake
        while true {
            do {
                try await bridge.clock.sleep(until: wake)
            } catch {
                return  // A watcher for an earlier deadline replaced this one.
            }
            let now = bridge.clock.now()
            let (expired, next): ((page: [PageCall], native: [PendingNativeCall]), BridgeInstant?) = state.withLock { state in
                guard state.watcherGeneration == generation else { return (([], []), nil) }
                let expired = state.takeCalls { deadline, _ in deadline <= now }
                let next = state.earliestDeadline
                state.armedDeadline = next
                if next == nil { state.watcher = nil }
                return (expired, next)
            }
            settle(expired, with: .timeout(), as: .timedOut)
            guard let next else { return }
            wake = next
        }
    }

    /// Settles calls that will never get their own answer.
    func settle(_ calls: (page: [PageCall], native: [PendingNativeCall]), with error: BridgeError, as outcome: BridgeTrace.Outcome) {
        for call in calls.page { call.fail(error, as: outcome) }
        for call in calls.native { call.resume(.failure(error)) }
    }
}
