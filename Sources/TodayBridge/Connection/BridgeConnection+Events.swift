extension BridgeConnection {
    /// Emits a declared event with its typed data (X3, X6): delivered now if the page subscribed,
    /// else kept (bounded by ``BridgeLimits/maxBufferedEvents``) and delivered when it does.
    ///
    /// ```swift
    /// try await connection.emit(cartChanged, payload: CartSummary(count: 3))
    /// ```
    ///
    /// An event whose data has no Swift type of its own is a `NativeEvent<JSONValue>`:
    ///
    /// ```swift
    /// try await connection.emit(NativeEvent<JSONValue>("cart.changed"), payload: ["count": 3])
    /// ```
    ///
    /// - Throws: The encoder's error when `payload` cannot be encoded; nothing is emitted then.
    public func emit<Payload>(_ event: NativeEvent<Payload>, payload: Payload) async throws {
        await emit(event.name, data: try JSONValueEncoder().encode(payload) ?? .null)
    }

    /// Emits a declared event without data, such as ``NativeEvent/foreground``; the page receives
    /// `null` (X3).
    ///
    /// ```swift
    /// await connection.emit(.foreground)
    /// ```
    public func emit(_ event: NativeEvent<NoResult>) async {
        await emit(event.name)
    }

    /// Emits the event `name` with its data as JSON (X3): what the typed overloads and the JNI
    /// core, whose events arrive from Kotlin as JSON, share.
    @_spi(Adapters) public func emit(_ name: String, data: JSONValue = .null) async {
        let start = bridge.clock.now()
        let (action, document) = state.withLock { $0.emit(name, data: data) }
        let outcome: BridgeTrace.Outcome
        switch action {
        case nil:
            outcome = .undelivered
        case .buffered?:
            outcome = .buffered
        case .bufferedDroppingOldest(let dropped)?:
            bridge.observer.report(.eventDropped, "event buffer full; dropped the oldest event \"\(dropped)\"")
            outcome = .buffered
        case .deliver?:
            outcome = await deliver(.event(name: name, data: data), for: document) ? .delivered : .undelivered
        }
        traceNative(
            .nativeEvent, name, document: document, start: start, outcome: outcome, requestBytes: data.jsonUTF8.count)
    }

    /// Hands `delivery` for the main frame's `document` to the web view, reporting a failure
    /// instead of throwing.
    @discardableResult
    func deliver(_ delivery: PageDelivery, for document: DocumentID) async -> Bool {
        do {
            try await page().deliver(delivery, for: document)
            return true
        } catch {
            let gone = (error as? PageDeliveryError) == .webViewGone
            bridge.observer.report(
                gone ? .webViewGone : .scriptEvaluationFailed,
                gone
                    ? "could not deliver to the page: the web view is gone"
                    : "could not deliver to the page: \(type(of: error))"
            )
            return false
        }
    }

    /// Stores `cookie` in the web view's own cookie store (T4).
    func setCookie(_ cookie: BridgeCookie) async throws {
        try await page().setCookie(cookie)
    }
}
