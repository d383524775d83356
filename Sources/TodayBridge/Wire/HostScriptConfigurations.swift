// The configuration of each script in `web/src/host/` (engine-specific ones live with their
// adapter): its TypeScript type is generated from these, so both sides read the same fields.

/// `platform-tag.ts`: defines `window.__todayWebView` in the top frame (C7).
package struct PlatformTagConfiguration: Codable, Sendable {
    package var platform: Platform

    package init(platform: Platform) {
        self.platform = platform
    }
}

/// `android-shim.ts`: the channel over a string-only binding (A1).
package struct AndroidShimConfiguration: Codable, Sendable {
    /// The binding the shim sends through: Android's injected object, or a function.
    package var bindingName: String
    /// The channel the web SDK finds (C1).
    package var channelName: String
    /// The host's message limit (``BridgeLimits/maxMessageBytes``): a message whose JSON text is
    /// longer is not carried, only its length, which the host refuses (X7).
    package var maxMessageBytes: Double

    package init(bindingName: String, channelName: String, maxMessageBytes: Int) {
        self.bindingName = bindingName
        self.channelName = channelName
        self.maxMessageBytes = Double(maxMessageBytes)
    }
}

/// `document-marker.ts`: reports each new main-frame document from an isolated world (S4).
package struct DocumentMarkerConfiguration: Codable, Sendable {
    /// The message handler registered in the marker's world only.
    package var handlerName: String

    package init(handlerName: String) {
        self.handlerName = handlerName
    }
}

/// `page-event.ts`: dispatches a DOM event on the main frame's `window` (X3, X4, A1).
package struct PageEventConfiguration: Codable, Sendable {
    /// The event's name.
    package var name: String
    /// The event's `detail`.
    package var detail: JSONValue

    package init(name: String, detail: JSONValue) {
        self.name = name
        self.detail = detail
    }
}
