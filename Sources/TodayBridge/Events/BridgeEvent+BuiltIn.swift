extension BridgeEvent where Payload == NoResult {
    /// `host.ready`: the host is connected to this document. The bridge queues it for every new
    /// document; its data is `null`.
    public static var ready: BridgeEvent<NoResult> {
        BridgeEvent(NativeEvent.ready, summary: "The host is connected to this document; sent to every new document.")
    }

    /// `host.background`: the app went to the background. The app emits it; its data is `null`.
    public static var background: BridgeEvent<NoResult> {
        BridgeEvent(NativeEvent.background, summary: "The app went to the background.")
    }

    /// `host.foreground`: the app came back to the foreground. The app emits it; its data is `null`.
    public static var foreground: BridgeEvent<NoResult> {
        BridgeEvent(NativeEvent.foreground, summary: "The app came back to the foreground.")
    }
}

/// The events every host knows (X3), declared on every bridge.
package enum BuiltInEvents {
    package static let definitions: [EventDefinition] = [
        BridgeEvent.ready.definition,
        BridgeEvent.background.definition,
        BridgeEvent.foreground.definition,
    ]
}
