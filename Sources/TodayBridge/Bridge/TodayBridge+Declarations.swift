extension TodayBridge {
    /// Declares an event the app emits to its pages, so the page's generated TypeScript types
    /// its data (X3, X6).
    ///
    /// Emitting does not require it; declaring is what puts the event in the page's generated
    /// TypeScript (`bridge.contract`, in `TodayBridgeTypeScript`).
    ///
    /// ```swift
    /// let cartChanged = try bridge.declare(NativeEvent("cart.changed", payload: CartSummary.self))
    /// ```
    ///
    /// - Throws: ``BridgeConfigurationError`` for an empty name, one starting with `__` or
    ///   `host.` (the bridge's own), or one already declared.
    @discardableResult
    public func declare<Payload>(_ event: NativeEvent<Payload>) throws(BridgeConfigurationError) -> NativeEvent<Payload>
    {
        try events.add(event.definition, named: event.name)
        return event
    }

    /// Declares a handler the app calls on its pages, so the page's generated TypeScript types
    /// its arguments and result (X4, X6).
    ///
    /// Calling does not require it; declaring is what puts the call in the page's generated
    /// TypeScript (`bridge.contract`, in `TodayBridgeTypeScript`).
    ///
    /// ```swift
    /// let confirmLeave = try bridge.declare(NativeCall("confirmLeave", arguments: Draft.self, result: Bool.self))
    /// ```
    ///
    /// - Throws: ``BridgeConfigurationError`` for an empty name, one starting with `__` or
    ///   `host.`, or one already declared.
    @discardableResult
    public func declare<Arguments, Result>(
        _ call: NativeCall<Arguments, Result>
    ) throws(BridgeConfigurationError) -> NativeCall<Arguments, Result> {
        try nativeCalls.add(call.definition, named: call.name)
        return call
    }
}
