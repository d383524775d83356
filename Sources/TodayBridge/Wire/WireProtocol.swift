/// The names both sides of the bridge agree on. They are defined here once; the generator
/// (`today-bridge-generate`, `WireContract` in Tools/) writes them into the web SDK's
/// `protocol.generated.ts`, and `make test` fails when the two drift apart (X6).
@_spi(Adapters) public enum WireProtocol {
    /// The protocol this host and SDK speak (D2). 1: the channel, the capabilities, events and
    /// native calls; 2: adds discovery (`__today.hello`); 3: adds streams and byte values.
    @_spi(Adapters) public static let protocolVersion = 3

    /// The channel's default name (C1).
    @_spi(Adapters) public static let defaultChannelName = BridgeConfiguration.defaultChannelName
    /// The global the platform tag is defined as in the main frame (C7).
    @_spi(Adapters) public static let platformTagGlobal = "__todayWebView"
    /// The main frame's global through which a host's deliveries are dispatched, defined at
    /// document start with the platform tag, so that a page replacing globals cannot stop them
    /// (X3, X4, A1).
    @_spi(Adapters) public static let deliveryReceiverGlobal = "__todayWebViewDeliver"
    /// The DOM event on the main frame's `window` that carries native events and calls (X3, X4).
    @_spi(Adapters) public static let nativeEvent = "todaywebviewbridge"
    /// The DOM event that carries string-transport replies to the Android shim on hosts that can
    /// only run script in the main frame (A1).
    @_spi(Adapters) public static let stringReplyEvent = "todaywebviewbridge:reply"
    /// The prefix of a structured rejection reason (X2).
    @_spi(Adapters) public static let errorPrefix = "TodayBridgeError:"
    /// The prefix of the bridge's own message types; an app's capabilities, events and native calls
    /// cannot use it (X1, X3, X4).
    @_spi(Adapters) public static let reservedPrefix = "__"
    /// The prefix of the host's own events, such as `host.ready` (X3); an app's events and native
    /// calls cannot use it.
    @_spi(Adapters) public static let hostPrefix = "host."
    /// The type of the message that subscribes to a native event (X3).
    @_spi(Adapters) public static let subscribeType = "__today.subscribe"
    /// The type of the message that answers a native call (X4).
    @_spi(Adapters) public static let replyType = "__today.reply"
    /// The type of the message that asks what the host offers the sending frame (D1).
    @_spi(Adapters) public static let helloType = "__today.hello"
    /// The field that makes a capability's message the start of a stream, holding the stream's id,
    /// which the page chooses, unique within its document (ST1).
    @_spi(Adapters) public static let streamField = "__stream"
    /// The type of the message that acknowledges values a page consumed from a stream (ST3).
    @_spi(Adapters) public static let streamAckType = "__today.streamAck"
    /// The type of the message that cancels a stream from the page (ST4).
    @_spi(Adapters) public static let streamCancelType = "__today.streamCancel"
    /// The one member of the object that stands for a byte value (`Uint8Array`, `Data`) in a
    /// message's JSON text (B1): its base64 text, or where the engine carries bytes beside the
    /// text, the index of the bytes among the message's attachments.
    @_spi(Adapters) public static let bytesMember = "__today.bytes"
}
