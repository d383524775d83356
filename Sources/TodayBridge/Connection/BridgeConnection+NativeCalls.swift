extension BridgeConnection {
    /// Calls a declared page handler with typed arguments and result, and awaits its reply (X4, X6).
    ///
    /// Resolves with `fallback` when the page registered no handler by that name or answered
    /// `undefined`.
    ///
    /// ```swift
    /// let leave = try await connection.call(confirmLeave, arguments: Draft(words: 120), default: true)
    /// ```
    ///
    /// A handler whose arguments or result have no Swift type of their own is a
    /// `NativeCall<JSONValue, JSONValue>`.
    ///
    /// - Throws: ``BridgeError``: ``BridgeError/Code/failed`` when the page's handler fails, the
    ///   arguments cannot be encoded or the page's answer does not decode as `Result`;
    ///   ``BridgeError/Code/timeout`` when no reply comes before `deadline` (by default
    ///   ``BridgeLimits/defaultDeadline``); ``BridgeError/Code/cancelled`` when the page goes away
    ///   first; ``BridgeError/Code/busy`` when ``BridgeLimits/maxPendingNativeCalls`` calls already
    ///   wait.
    public func call<Arguments, Result>(
        _ nativeCall: NativeCall<Arguments, Result>,
        arguments: Arguments,
        default fallback: Result,
        deadline: Double? = nil
    ) async throws(BridgeError) -> Result {
        let encoded: JSONValue?
        do {
            encoded = try JSONValueEncoder().encode(arguments)
        } catch {
            throw .failed("the arguments of \(nativeCall.name) cannot be encoded")
        }
        guard let value = try await call(nativeCall.name, arguments: encoded, default: nil, deadline: deadline) else {
            return fallback
        }
        do {
            return try JSONValueDecoder().decode(Result.self, from: value)
        } catch {
            throw .failed("the page's answer to \(nativeCall.name) does not decode as \(Result.self)")
        }
    }

    /// Calls a declared page handler that takes no arguments (X4, X6); the handler receives
    /// `undefined`.
    ///
    /// ```swift
    /// let confirmed = try await connection.call(confirmLeave, default: true)
    /// ```
    ///
    /// - Throws: ``BridgeError``, as ``call(_:arguments:default:deadline:)`` does.
    public func call<Result>(
        _ nativeCall: NativeCall<NoResult, Result>,
        default fallback: Result,
        deadline: Double? = nil
    ) async throws(BridgeError) -> Result {
        try await call(nativeCall, arguments: NoResult(), default: fallback, deadline: deadline)
    }

    /// Calls the page's handler `name` with JSON arguments and awaits its JSON reply (X4): what
    /// the typed calls and the JNI core, whose calls arrive from Kotlin as JSON, share.
    ///
    /// Resolves with `fallback` when the page registered no handler by that name; throws
    /// ``BridgeError`` as the typed call does.
    @_spi(Adapters) public func call(
        _ name: String,
        arguments: JSONValue? = nil,
        default fallback: JSONValue? = nil,
        deadline: Double? = nil
    ) async throws(BridgeError) -> JSONValue? {
        let limits = bridge.configuration.limits
        let start = bridge.clock.now()
        let due = start.advanced(bySeconds: deadline ?? limits.defaultDeadline)
        var document = DocumentID(generation: 0)
        let answer: NativeCallAnswer = await withCheckedContinuation { continuation in
            let caller = NativeCallWaiter { continuation.resume(returning: $0) }
            let admission = state.withLock {
                $0.admitNativeCall(caller, deadline: due, limit: limits.maxPendingNativeCalls)
            }
            document = admission.document
            switch admission {
            case .refused(.overLimit, _):
                bridge.observer.report(
                    .limitExceeded, "more than \(limits.maxPendingNativeCalls) native calls pending", type: name)
                caller.resume(
                    .failure(BridgeError(code: .busy, message: "too many native calls pending", recoverable: true)))
            case .refused:
                caller.resume(.failure(.cancelled("the web view went away")))
            case .admitted(let id, _, let watch):
                if let watch { startWatcher(watch) }
                Task { [document = admission.document] in
                    if await !deliver(.call(id: String(id), name: name, arguments: arguments), for: document) {
                        _ = finishNativeCall(id, with: .failure(.failed("could not reach the page")), from: document)
                    }
                }
            }
        }
        traceNativeCall(
            name, arguments: arguments, document: document, start: start, answer: answer, fallback: fallback)
        switch answer {
        case .value(let value): return value
        case .unhandled: return fallback
        case .failure(let error): throw error
        }
    }

    /// Settles native call `id` with an answer from `document`'s main frame (X4); reports an answer
    /// for a call already settled or never made, and refuses one from a document no longer shown.
    func finishNativeCall(_ id: UInt64, with answer: NativeCallAnswer, from document: DocumentID) -> CallOutcome {
        switch state.withLock({ $0.finishNativeCall(id, answeredFrom: document) }) {
        case .pending(let call):
            call.work.resume(answer)
        case .settled:
            bridge.observer.report(.duplicateReply, "the page answered call \(id) after it was settled; answer dropped")
        case .unknown:
            bridge.observer.report(.unknownReply, "the page answered an unknown call")
        case .notCurrentDocument:
            return .denied
        }
        return .resolved(nil)
    }
}
