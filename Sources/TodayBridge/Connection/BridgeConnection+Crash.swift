extension BridgeConnection {
    /// Reports that the web view's content process ended (a crash, or the system reclaiming its
    /// memory). Adapters call it from the engine's signal: WebKitGTK's `web-process-terminated`,
    /// Android's `WebViewClient.onRenderProcessGone`, WKWebView's
    /// `webViewWebContentProcessDidTerminate`.
    ///
    /// Every pending page call and native call settles at once as cancelled (C5; `track` and
    /// `establishSession` with their defaults), the old document's event subscriptions and backlog
    /// are dropped, and a new document begins, so nothing the old process asked for reaches the
    /// page that loads next (S4). Then the bridge reports a `webProcessTerminated` diagnostic and
    /// calls the handler given to ``onWebProcessTermination(_:)``, where the app reloads.
    @discardableResult
    public func webProcessDidTerminate(_ reason: WebProcessTermination) -> DocumentID {
        let (next, handler) = state.withLock { state in (state.beginNextDocument(), state.terminationHandler) }
        let pending = next.earlier
        let count = pending.page.count + pending.native.count
        settle(pending, with: .cancelled("the web content process ended"), as: .cancelled)
        bridge.observer.report(.webProcessTerminated, "the web content process ended (\(reason)) with \(count) calls pending")
        handler?(reason)
        return next.document
    }

    /// Sets what to do when the web view's content process ends: typically, reload the page. The
    /// handler runs after every pending call settled, on the thread the adapter reported it from
    /// (the engine's); the reload's commit starts the next document as any navigation does.
    ///
    /// ```swift
    /// connection.onWebProcessTermination { reason in
    ///     Task { @MainActor in webView.reload() }
    /// }
    /// ```
    public func onWebProcessTermination(_ handler: @escaping @Sendable (WebProcessTermination) -> Void) {
        state.withLock { $0.terminationHandler = handler }
    }
}
