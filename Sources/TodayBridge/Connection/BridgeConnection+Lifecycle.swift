extension BridgeConnection {
    /// Reports that the main frame committed a new document. Adapters call it on every committed
    /// navigation (not on same-document history changes).
    ///
    /// Calls from earlier documents are settled as cancelled, their credentials withheld (S4);
    /// event subscriptions and backlog start afresh, and `host.ready` is queued for the new page.
    /// After ``close()`` it does nothing and returns the last document (C5).
    @discardableResult
    public func documentDidChange() -> DocumentID {
        guard let next = state.withLock({ $0.documentBegins() }) else { return currentDocument }
        settle(next.earlier, with: .cancelled("the page went away"))
        endStreamsOfDocumentsGone()
        return next.document
    }

    /// Reports that the main frame shows again a document restored from the back-forward cache
    /// (Back, Forward, a swipe back). Adapters call it when the engine restores a page without
    /// making a new one, after the restore's commit: on WebKit when the page's `pageshow` with
    /// `persisted` reaches the adapter from a world the page cannot reach (WebKitGTK's web process
    /// extension or relay, WKWebView's relay); on Android when, after `onPageStarted`, the page's
    /// own reply proxy from before posts again.
    ///
    /// The restored document is current again and keeps its trust (S3, S4): its messages are
    /// judged by its own URL, credentials included. The calls of the document it replaces settle
    /// as cancelled; its own calls settled when it left. Subscriptions start afresh (the web SDK
    /// subscribes again on `pageshow`), without a new `host.ready`. After ``close()`` it does
    /// nothing and returns the last document (C5).
    @discardableResult
    public func documentWasRestored() -> DocumentID {
        guard let next = state.withLock({ $0.documentRestored() }) else { return currentDocument }
        settle(next.earlier, with: .cancelled("the page went away"))
        endStreamsOfDocumentsGone()
        return next.document
    }

    /// Reports that the web view's content process ended (a crash, or the system reclaiming its
    /// memory). Adapters call it from the engine's signal: WebKitGTK's `web-process-terminated`,
    /// Android's `WebViewClient.onRenderProcessGone`, WKWebView's
    /// `webViewWebContentProcessDidTerminate`.
    ///
    /// Every pending page call and native call settles at once as cancelled (C5; `track` and
    /// `establishSession` with their defaults), the old document's event subscriptions and backlog
    /// are dropped, and a new document begins, so nothing the old process asked for reaches the
    /// page that loads next (S4). Then the bridge reports a `webProcessTerminated` diagnostic and
    /// calls the handler given to ``onWebProcessTermination(_:)``, where the app reloads. After
    /// ``close()`` the web view is gone: it does nothing (no diagnostic, no handler) and returns the
    /// last document (C5).
    @discardableResult
    public func webProcessDidTerminate(_ reason: WebProcessTermination) -> DocumentID {
        guard let (next, handler) = state.withLock({ $0.webProcessDied() }) else { return currentDocument }
        settle(next.earlier, with: .cancelled("the web content process ended"))
        endStreamsOfDocumentsGone()
        bridge.observer.report(
            .webProcessTerminated, "the web content process ended (\(reason)) with \(next.earlier.count) calls pending")
        handler?(reason)
        return next.document
    }

    /// Sets what to do when the web view's content process ends: typically, reload the page. The
    /// handler runs after every pending call settled, on the thread the adapter reported it from
    /// (the engine's); the reload's commit starts the next document as any navigation does.
    /// ``close()`` lets go of the handler, and one set after it is not kept.
    ///
    /// ```swift
    /// connection.onWebProcessTermination { reason in
    ///     Task { @MainActor in webView.reload() }
    /// }
    /// ```
    public func onWebProcessTermination(_ handler: @escaping @Sendable (WebProcessTermination) -> Void) {
        state.withLock { $0.setTerminationHandler(handler) }
    }

    /// Reports that the web view is gone: every pending call settles, nothing stays pending (C5).
    ///
    /// The connection is closed for good and accepts nothing: messages are answered at once (a
    /// capability's task and a native call are refused as `cancelled`, a subscription is refused),
    /// events are dropped, and a later navigation, restore or dead web process is ignored. Closing
    /// again does nothing.
    public func close() {
        let closing = state.withLock { $0.close() }
        closing.watcher?.cancel()
        if !closing.calls.isEmpty {
            bridge.observer.report(.webViewGone, "web view closed with \(closing.calls.count) calls pending")
        }
        settle(closing.calls, with: .cancelled("the web view went away"))
        endStreamsOfDocumentsGone()
    }

    /// Settles calls that will never get their own answer (C5): page calls by their capability's
    /// contract, traced by the error's code; native callers resume with the error.
    func settle(_ calls: State.Settlement, with error: BridgeError) {
        for call in calls.page { call.fail(error) }
        for call in calls.native { call.work.resume(.failure(error)) }
    }

    /// Calls not yet settled, page and native: lets tests prove that nothing is left pending.
    @_spi(Adapters) public var pendingCallCount: Int {
        state.withLock { $0.pendingCallCount }
    }
}
