extension BridgeConnection {
    /// Traces a native event or call to the main frame (X5), only when someone listens: the
    /// origin and surface are the main document's.
    func traceNative(
        _ kind: BridgeTrace.Kind,
        _ name: String,
        document: DocumentID,
        start: BridgeInstant,
        outcome: BridgeTrace.Outcome,
        answer: BridgeTrace.Answer? = nil,
        errorCode: BridgeError.Code? = nil,
        requestBytes: @autoclosure () -> Int?,
        replyBytes: @autoclosure () -> Int? = nil
    ) {
        bridge.observer.trace {
            let page = state.withLock { $0.page }
            return BridgeTrace(
                kind: kind, webView: webViewID, document: document, type: name, isMainFrame: true,
                origin: page?.location?.origin, surface: page?.surface?.name, outcome: outcome, answer: answer,
                errorCode: errorCode, start: start, duration: bridge.clock.now().seconds(since: start),
                requestBytes: requestBytes(), replyBytes: replyBytes()
            )
        }
    }

    /// Traces a native call by its answer (X4, X5): a value or `undefined`, the caller's default
    /// when the page had no handler, or the failure's code.
    func traceNativeCall(
        _ name: String, arguments: JSONValue?, document: DocumentID, start: BridgeInstant, answer: NativeCallAnswer,
        fallback: JSONValue?
    ) {
        let outcome: BridgeTrace.Outcome, traced: BridgeTrace.Answer, errorCode: BridgeError.Code?
        switch answer {
        case .value(let value): (outcome, traced, errorCode) = (.resolved, value == nil ? .undefined : .value, nil)
        case .unhandled: (outcome, traced, errorCode) = (.unhandled, fallback == nil ? .undefined : .value, nil)
        case .failure(let error):
            (outcome, traced, errorCode) = (BridgeTrace.Outcome(failure: error.code), .rejection, error.code)
        }
        traceNative(
            .nativeCall, name, document: document, start: start, outcome: outcome, answer: traced, errorCode: errorCode,
            requestBytes: arguments?.jsonUTF8.count ?? 0, replyBytes: answer.replyBytes
        )
    }
}

extension NativeCallAnswer {
    /// The size of the page's answer as compact JSON (0 for `undefined` and for no handler);
    /// `nil` for a failure. Only computed for traces.
    fileprivate var replyBytes: Int? {
        switch self {
        case .value(let value): value?.jsonUTF8.count ?? 0
        case .unhandled: 0
        case .failure: nil
        }
    }
}
