#if os(Linux)
// The configurations of the scripts in `web/src/host/chromium/`, which make Chromium offer a page
// exactly what Android's WebView offers it. Their TypeScript types are generated from these.

/// `web-message-listener.ts`: the objects `WebViewCompat.addWebMessageListener` injects into
/// every frame, and `WebChromeClient.onCloseWindow`'s notice from the main frame.
package struct ChromiumWebViewConfiguration: Codable, Sendable {
    /// One injected object per listener.
    package var listeners: [ChromiumWebMessageListener]
    /// The hidden global through which the host delivers a reply proxy's messages.
    package var deliveryName: String
    /// The hidden DevTools binding told when the main frame calls `window.close()`.
    package var closeBindingName: String
}

/// One injected object: its name on `window`, and the hidden DevTools binding its
/// `postMessage` sends through.
package struct ChromiumWebMessageListener: Codable, Sendable {
    package var objectName: String
    package var bindingName: String
}

/// `web-message-reply.ts`: `JavaScriptReplyProxy.postMessage`, a message event on one frame's object.
package struct ChromiumWebMessageReplyConfiguration: Codable, Sendable {
    package var deliveryName: String
    package var objectName: String
    package var message: String
}
#endif
