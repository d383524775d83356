#if os(Linux)
// The configurations of the scripts in `web/host/webkitgtk/`.
// Their TypeScript types are generated from these.

/// `channel.ts`: the main frame's channel, in the page world of the top frame.
@_spi(Tools) public struct WebKitGTKChannelConfiguration: Codable, Sendable {
    /// The channel the web SDK finds as `window.webkit.messageHandlers.<channelName>` (C1).
    @_spi(Tools) public var channelName: String
    /// The host's message limit (``BridgeLimits/maxMessageBytes``): a message whose JSON text is
    /// longer is not carried at all, only its length, which the host refuses (X7), so an
    /// oversized message costs the host nothing.
    @_spi(Tools) public var maxMessageBytes: Double
    /// The web process extension's native entry on `window` (``WebKitGTKWebProcessExtension``):
    /// where it is defined, the channel sends through it, in every frame.
    @_spi(Tools) public var entryName: String
}

/// `relay.ts`: forwards the main frame's messages from an isolated world of the top frame, where
/// the web process extension did not load. It posts each as one string (`RelayedText`).
@_spi(Tools) public struct WebKitGTKRelayConfiguration: Codable, Sendable {
    /// The message handler registered in the relay's world only.
    @_spi(Tools) public var handlerName: String
    /// The host's message limit: a request longer than this crosses as its length alone (X7),
    /// whatever the page dispatched.
    @_spi(Tools) public var maxMessageBytes: Double
}
#endif
