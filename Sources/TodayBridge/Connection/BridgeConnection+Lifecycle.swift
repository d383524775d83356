extension BridgeConnection {
    /// Reports that the main frame committed a new document. Adapters call it on every committed
    /// navigation (not on same-document history changes).
    ///
    /// Calls from earlier documents are settled as cancelled, their credentials withheld (S4);
    /// event subscriptions and backlog start afresh, and `host.ready` is queued for the new page.
    @discardableResult
    public func documentDidChange() -> DocumentID {
        let (document, stale) = state.withLock { $0.beginNextDocument() }
        settle(stale, with: .cancelled("the page went away"), as: .cancelled)
        _ = state.withLock { $0.events.emit(NativeEvent.ready, data: .null) }
        return document
    }

    /// Reports that the web view is gone: every pending call settles, nothing stays pending (C5).
    public func close() {
        let pending = state.withLock { state in
            state.isClosed = true
            state.watcher?.cancel()
            state.watcher = nil
            state.armedDeadline = nil
            state.events.reset()
            return state.takeCalls { _, _ in true }
        }
        if !pending.page.isEmpty || !pending.native.isEmpty {
            bridge.observer.report(.webViewGone, "web view closed with \(pending.page.count + pending.native.count) calls pending")
        }
        settle(pending, with: .cancelled("the web view went away"), as: .cancelled)
    }
}

extension BridgeConnection {
    /// Calls not yet settled, page and native: lets tests prove that nothing is left pending.
    package var pendingCallCount: Int {
        state.withLock { $0.pageCalls.count + $0.nativeCalls.count }
    }
}
