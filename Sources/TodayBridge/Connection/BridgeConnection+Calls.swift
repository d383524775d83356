extension BridgeConnection {
    /// Runs a capability under the in-flight limit and its deadline; settles `reply` exactly once.
    func start(
        _ capability: RegisteredCapability,
        _ run: @escaping RegisteredCapability.Run,
        _ message: JSONValue,
        context: CapabilityContext,
        reply: PageReply
    ) {
        let limits = bridge.configuration.limits
        let deadline = bridge.clock.now().advanced(bySeconds: capability.deadline ?? limits.defaultDeadline)
        let call = PageCall(
            type: capability.type, message: message, failureReply: capability.failureReply, reply: reply)
        switch state.withLock({
            $0.admitPageCall(call, of: context.document, deadline: deadline, limit: limits.maxCallsInFlight)
        }) {
        case .refused(.overLimit, _):
            bridge.observer.report(
                .limitExceeded, "more than \(limits.maxCallsInFlight) calls in flight", type: capability.type)
            call.fail(BridgeError(code: .busy, message: "too many calls in flight", recoverable: true))
        case .refused:
            call.fail(.cancelled("the page went away"))
        case .admitted(let id, _, let watch):
            record(startTask { await self.execute(id, capability, run, message, context: context) }, as: .call(id))
            if let watch { startWatcher(watch) }
        }
    }

    private func execute(
        _ id: UInt64,
        _ capability: RegisteredCapability,
        _ run: RegisteredCapability.Run,
        _ message: JSONValue,
        context: CapabilityContext
    ) async {
        let outcome: CallOutcome
        do {
            outcome = .resolved(try await run(message, context))
        } catch let error as BridgeError {
            outcome = .failed(error, as: .rejected, reply: capability.failureReply)
        } catch {
            if !(error is CancellationError) {
                bridge.observer.report(.capabilityFailed, "threw \(type(of: error))", type: capability.type)
            }
            outcome = .failed(.failed(), as: .rejected, reply: capability.failureReply)
        }
        guard case .pending(let call) = state.withLock({ $0.finishPageCall(id) }) else {
            bridge.observer.report(
                .lateReply, "the handler answered after its call was settled; answer dropped", type: capability.type)
            return
        }
        call.work.settle(outcome)
    }

    // MARK: Deadlines

    /// Starts the deadline watcher the state machine asked for, in place of the one it replaces.
    func startWatcher(_ watch: State.DeadlineWatch) {
        watch.replacing?.cancel()
        record(
            Task { await self.watchDeadlines(generation: watch.generation, firstWake: watch.wake) },
            as: .watcher(watch.generation))
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
