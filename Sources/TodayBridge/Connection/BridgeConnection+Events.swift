extension BridgeConnection {
    /// Emits a named event to the page (X3): delivered now if the page subscribed, else kept
    /// (bounded by ``BridgeLimits/maxBufferedEvents``) and delivered when it does.
    ///
    /// ```swift
    /// await connection.emit(NativeEvent.background)
    /// await connection.emit("cart.changed", data: ["count": 3])
    /// ```
    public func emit(_ name: String, data: JSONValue = .null) async {
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
            outcome = await deliver(.event(name: name, data: data)) ? .delivered : .undelivered
        }
        traceNative(.nativeEvent, name, document: document, start: start, outcome: outcome, requestBytes: data.jsonUTF8.count)
    }

    /// Emits an event whose data is any `Encodable` value.
    public func emit<Data: Encodable>(_ name: String, encoding data: Data) async throws {
        await emit(name, data: try JSONValueEncoder().encode(data) ?? .null)
    }

    /// Emits a declared event with its typed data (X3, X6).
    ///
    /// ```swift
    /// try await connection.emit(cartChanged, payload: CartSummary(count: 3))
    /// ```
    ///
    /// - Throws: The encoder's error when `payload` cannot be encoded; nothing is emitted then.
    public func emit<Payload>(_ event: BridgeEvent<Payload>, payload: Payload) async throws {
        try await emit(event.name, encoding: payload)
    }

    /// Emits a declared event without data; the page receives `null` (X3).
    ///
    /// ```swift
    /// await connection.emit(.foreground)
    /// ```
    public func emit(_ event: BridgeEvent<NoResult>) async {
        await emit(event.name)
    }

    /// Hands `delivery` to the web view, reporting a failure instead of throwing.
    @discardableResult
    func deliver(_ delivery: PageDelivery) async -> Bool {
        do {
            try await page().deliver(delivery)
            return true
        } catch {
            let gone = (error as? PageDeliveryError) == .webViewGone
            bridge.observer.report(
                gone ? .webViewGone : .scriptEvaluationFailed,
                gone ? "could not deliver to the page: the web view is gone" : "could not deliver to the page: \(type(of: error))"
            )
            return false
        }
    }

    /// Stores `cookie` in the web view's own cookie store (T4).
    func setCookie(_ cookie: BridgeCookie) async throws {
        try await page().setCookie(cookie)
    }
}
