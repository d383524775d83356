#if os(Linux)
// The configurations of the scripts in `web/src/host/webkitgtk/`, and what the relay posts.
// Their TypeScript types are generated from these.

/// `channel.ts`: the main frame's channel, in the page world of the top frame.
package struct WebKitGTKChannelConfiguration: Codable, Sendable {
    /// The channel the web SDK finds as `window.webkit.messageHandlers.<channelName>` (C1).
    package var channelName: String
    /// The host's message limit (``BridgeLimits/maxMessageBytes``): a message whose JSON text is
    /// longer is not carried at all, only its length, which the host refuses (X7), so an
    /// oversized message costs the host nothing.
    package var maxMessageBytes: Double
}

/// `relay.ts`: forwards the main frame's messages from an isolated world of the top frame.
package struct WebKitGTKRelayConfiguration: Codable, Sendable {
    /// The message handler registered in the relay's world only.
    package var handlerName: String
}

/// What the relay posts to its handler: the main frame's message as JSON text, with the relay's
/// own view of where it runs, which the page cannot tamper with (C8). Text crosses the worlds
/// and the process boundary as one string, cheaper than an object, and the host reads its length
/// before converting it (X7).
package struct WebKitGTKRelayedMessage: Codable, Sendable {
    package enum CodingKeys: String, CodingKey {
        case origin, url, json, jsonLength
    }

    /// `location.origin` in the relay's world.
    package var origin: String
    /// `location.href` in the relay's world.
    package var url: String
    /// The page's message as `JSON.stringify` wrote it; absent for `undefined`.
    package var json: String?
    /// The text's length in UTF-16 code units (its UTF-8 length is between this and three times
    /// it): measured by the relay, or, for a message too long to carry, by the channel.
    package var jsonLength: Double?
}
#endif
