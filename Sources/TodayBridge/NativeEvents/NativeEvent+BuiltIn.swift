extension NativeEvent where Payload == NoResult {
    /// `host.ready`: the host is connected to this document. The bridge queues it for every new
    /// document; its data is `null`.
    public static var ready: NativeEvent<NoResult> {
        NativeEvent("host.ready", summary: "The host is connected to this document; sent to every new document.")
    }

    /// `host.background`: the app went to the background. The app emits it; its data is `null`.
    public static var background: NativeEvent<NoResult> {
        NativeEvent("host.background", summary: "The app went to the background.")
    }

    /// `host.foreground`: the app came back to the foreground. The app emits it; its data is `null`.
    public static var foreground: NativeEvent<NoResult> {
        NativeEvent("host.foreground", summary: "The app came back to the foreground.")
    }
}

/// The native events every host knows (X3), declared on every bridge.
package enum BuiltInNativeEvents {
    package static let definitions: [NativeEventDefinition] = [
        NativeEvent.ready.definition,
        NativeEvent.background.definition,
        NativeEvent.foreground.definition,
    ]
}
