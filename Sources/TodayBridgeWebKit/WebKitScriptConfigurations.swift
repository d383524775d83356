// The configurations of the scripts in `web/host/webkit/`.
// Their TypeScript types are generated from these.

/// `channel.ts`: the channel, in the page world of every frame: over the relay in the top frame,
/// over WebKit's own handler in a sub-frame.
@_spi(Tools) public struct WebKitChannelConfiguration: Codable, Sendable {
    /// The channel the web SDK finds as `window.webkit.messageHandlers.<channelName>` (C1).
    @_spi(Tools) public var channelName: String
    /// The host's message limit (``BridgeLimits/maxMessageBytes``): a message whose JSON text is
    /// longer is not carried, only its length, which the host refuses (X7).
    @_spi(Tools) public var maxMessageBytes: Double
}

/// `relay.ts`: forwards the main frame's messages with its document's token, from the bridge's
/// content world of the top frame. It posts each as one string (``RelayedText``).
@_spi(Tools) public struct WebKitRelayConfiguration: Codable, Sendable {
    /// The message handler registered in the bridge's content world only.
    @_spi(Tools) public var handlerName: String
    /// The host's message limit: a request longer than this crosses as its length alone (X7),
    /// whatever the page dispatched.
    @_spi(Tools) public var maxMessageBytes: Double
}
