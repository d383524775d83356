import TodayBridge

extension TodayBridge {
    /// The definitions of every registered capability and every declared event and native call,
    /// for generating the page's TypeScript (X6).
    ///
    /// ```swift
    /// let text = bridge.contract.custom.typeScript(capabilityMap: "AppCapabilities", eventMap: "AppEvents")
    /// ```
    public var contract: BridgeContract {
        BridgeContract(
            capabilities: capabilities.all.map(\.definition), events: events.all, nativeCalls: nativeCalls.all)
    }
}
