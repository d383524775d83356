/// The capabilities, events and native calls a host declares, as the TypeScript a page compiles
/// against (X6).
///
/// `today-bridge contract` prints the built-in contract the web SDK uses. An app renders its own
/// part, ``custom``, the same way and checks the file in; `GeneratedTypeScript.check` from
/// `TodayBridgeTesting` makes its tests fail when the committed file and the Swift drift apart:
///
/// ```swift
/// let text = bridge.contract.custom.typeScript(
///     capabilityMap: "AppCapabilities", eventMap: "AppEvents", nativeCallMap: "AppNativeCalls"
/// )
/// ```
public struct BridgeContract: Sendable {
    package let capabilities: [CapabilityDefinition]
    package let events: [EventDefinition]
    package let nativeCalls: [NativeCallDefinition]

    package init(capabilities: [CapabilityDefinition], events: [EventDefinition] = [], nativeCalls: [NativeCallDefinition] = []) {
        self.capabilities = capabilities
        self.events = events
        self.nativeCalls = nativeCalls
    }

    /// The contract of the four built-in capabilities and the host's own events, which the web
    /// SDK ships with.
    public static var builtIn: BridgeContract {
        BridgeContract(capabilities: BuiltInCapabilities.definitions, events: BuiltInEvents.definitions)
    }

    /// The app's own part: its capabilities, events and native calls, without the built-in ones
    /// the web SDK already declares.
    public var custom: BridgeContract {
        let builtInTypes = Set(BuiltInCapabilities.definitions.map(\.type))
        let builtInEvents = Set(BuiltInEvents.definitions.map(\.name))
        return BridgeContract(
            capabilities: capabilities.filter { !builtInTypes.contains($0.type) },
            events: events.filter { !builtInEvents.contains($0.name) },
            nativeCalls: nativeCalls
        )
    }

    /// This contract without the built-in capabilities.
    @available(*, deprecated, renamed: "custom", message: "custom also holds the app's events and native calls; typeScript(capabilityMap:) renders only the capabilities, as before")
    public var customCapabilities: BridgeContract { custom }
}
