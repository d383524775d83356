/// Names of the events the host emits to pages on its own (X3). Apps emit their own names too.
///
/// The same events with their data's type, for typed `emit` and the generated TypeScript, are
/// ``BridgeEvent/ready``, ``BridgeEvent/background`` and ``BridgeEvent/foreground``.
public enum NativeEvent {
    /// The host is connected to this document. Queued on every new document.
    public static let ready = "host.ready"
    /// The app went to the background.
    public static let background = "host.background"
    /// The app came back to the foreground.
    public static let foreground = "host.foreground"
}
