extension BridgeConnection {
    /// Runs a capability under the in-flight limit and its deadline; settles `reply` exactly once.
    func start(
        _ capability: RegisteredCapability,
        _ invoke: @escaping @Sendable (JSONValue, CapabilityContext) async throws -> JSONValue?,
        _ message: JSONValue,
        context: CapabilityContext,
        reply: PageReply
    ) {
        let limits = bridge.configuration.limits
        let deadline = bridge.clock.now().advanced(bySeconds: capability.deadline ?? limits.defaultDeadline)
        let call = PageCall(document: context.document, deadline: deadline, type: capability.type, message: message, failureReply: capability.failureReply, reply: reply)
        let admitted: Result<UInt64, BridgeError> = state.withLock { state in
            if state.isClosed || state.document != call.document {
                return .failure(.cancelled("the page went away"))
            }
            if state.pageCalls.count >= limits.maxCallsInFlight {
                return .failure(BridgeError(code: .busy, message: "too many calls in flight", recoverable: true))
            }
            let id = state.makeID()
            state.pageCalls[id] = call
            return .success(id)
        }
        switch admitted {
        case .failure(let error):
            if error.code == .busy {
                bridge.observer.report(.limitExceeded, "more than \(limits.maxCallsInFlight) calls in flight", type: capability.type)
            }
            call.fail(error, as: error.code == .busy ? .busy : .cancelled)
        case .success(let id):
            let task = startTask { await self.execute(id, capability, invoke, message, context: context) }
            state.withLock { $0.pageCalls[id]?.task = task }
            armDeadline(deadline)
        }
    }

    private func execute(
        _ id: UInt64,
        _ capability: RegisteredCapability,
        _ invoke: @Sendable (JSONValue, CapabilityContext) async throws -> JSONValue?,
        _ message: JSONValue,
        context: CapabilityContext
    ) async {
        let outcome: CallOutcome
        do {
            outcome = .resolved(try await invoke(message, context))
        } catch let error as BridgeError {
            outcome = .failed(error, as: .rejected, reply: capability.failureReply)
        } catch {
            if !(error is CancellationError) {
                bridge.observer.report(.capabilityFailed, "threw \(type(of: error))", type: capability.type)
            }
            outcome = .failed(.failed(), as: .rejected, reply: capability.failureReply)
        }
        guard let call = state.withLock({ $0.pageCalls.removeValue(forKey: id) }) else {
            bridge.observer.report(.lateReply, "the handler answered after its call was settled; answer dropped", type: capability.type)
            return
        }
        call.settle(outcome)
    }
}
