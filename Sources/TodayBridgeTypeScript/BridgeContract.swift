import TodayBridge

/// The capabilities, events and native calls a host declares, as the TypeScript a page compiles
/// against (X6).
///
/// The generator of this repository (`today-bridge-generate`) renders the built-in contract the
/// web SDK uses. An app renders its own part, ``custom``, the same way and checks the file in; ``GeneratedTypeScript/check(_:file:capabilityMap:eventMap:nativeCallMap:filePath:)``
/// makes its tests fail when the committed file and the Swift drift apart:
///
/// ```swift
/// let text = bridge.contract.custom.typeScript(
///     capabilityMap: "AppCapabilities", eventMap: "AppEvents", nativeCallMap: "AppNativeCalls"
/// )
/// ```
///
/// It lives here, beside the check, rather than in `TodayBridge`: an app's own module never
/// renders TypeScript, so it does not carry the renderer.
public struct BridgeContract: Sendable {
    package let capabilities: [CapabilityDefinition]
    package let events: [NativeEventDefinition]
    package let nativeCalls: [NativeCallDefinition]

    package init(
        capabilities: [CapabilityDefinition], events: [NativeEventDefinition] = [],
        nativeCalls: [NativeCallDefinition] = []
    ) {
        self.capabilities = capabilities
        self.events = events
        self.nativeCalls = nativeCalls
    }

    /// The contract of the four built-in capabilities and the host's own events, which the web
    /// SDK ships with.
    public static var builtIn: BridgeContract {
        BridgeContract(capabilities: BuiltInCapabilities.definitions, events: BuiltInNativeEvents.definitions)
    }

    /// The app's own part: its capabilities, events and native calls, without the built-in ones
    /// the web SDK already declares.
    public var custom: BridgeContract {
        let builtInTypes = Set(BuiltInCapabilities.definitions.map(\.type))
        let builtInEvents = Set(BuiltInNativeEvents.definitions.map(\.name))
        return BridgeContract(
            capabilities: capabilities.filter { !builtInTypes.contains($0.type) },
            events: events.filter { !builtInEvents.contains($0.name) },
            nativeCalls: nativeCalls
        )
    }
}
