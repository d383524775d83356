extension BridgeConnection {
    /// Starts the deadline watcher the state machine asked for, in place of the one it replaces.
    func startWatcher(_ watch: State.DeadlineWatch) {
        watch.replacing?.cancel()
        record(Task { await self.watchDeadlines(generation: watch.generation, firstWake: watch.wake) }, as: .watcher(watch.generation))
    }

    /// Hands a task just started to the state machine; cancels it when what it was started for has
    /// ended in the meantime.
    func record(_ task: Task<Void, Never>, as role: State.TaskRole) {
        state.withLock { $0.started(task, for: role) }?.cancel()
    }

    /// Sleeps towards the earliest pending deadline, settles the calls whose deadline passed as
    /// timed out (C5), and goes on while calls are pending and no earlier deadline replaced it.
    private func watchDeadlines(generation: UInt64, firstWake: BridgeInstant) async {
        var wake = firstWake
        while true {
            do {
                try await bridge.clock.sleep(until: wake)
            } catch {
                return  // A watcher for an earlier deadline replaced this one, or the connection closed.
            }
            let now = bridge.clock.now()
            let expiry = state.withLock { $0.deadlinePassed(at: now, watcher: generation) }
            settle(expiry.expired, with: .timeout())
            guard let next = expiry.next else { return }
            wake = next
        }
    }
}
