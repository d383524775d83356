// The configuration of each script in `web/host/` (engine-specific ones live with their
// adapter): its TypeScript type is generated from these, so both sides read the same fields.

/// What ``HostScript/platformTag`` reads: the platform the main frame's page is told (C7).
///
/// ```swift
/// let script = HostScript.platformTag.invocation(PlatformTagConfiguration(platform: configuration.platform))
/// ```
public struct PlatformTagConfiguration: Codable, Sendable {
    /// The platform `window.__todayWebView.platform` names: ``BridgeConfiguration/platform``.
    public var platform: Platform

    /// A configuration naming `platform`.
    public init(platform: Platform) {
        self.platform = platform
    }
}

/// What ``HostScript/androidShim`` reads: the channel it presents over a string-only binding (A1).
///
/// ``AndroidInstallation`` makes it from a ``BridgeConfiguration``; an engine that injects the
/// shim itself passes the same values:
///
/// ```swift
/// let shim = HostScript.androidShim.invocation(AndroidShimConfiguration(
///     bindingName: "todayWebViewBridgeNative", channelName: "todayWebViewBridge", maxMessageBytes: 8 << 20
/// ))
/// ```
public struct AndroidShimConfiguration: Codable, Sendable {
    /// The binding the shim sends through: Android's injected object, or a function.
    public var bindingName: String
    /// The channel the web SDK finds (C1): ``BridgeConfiguration/channelName``.
    public var channelName: String
    /// The host's message limit (``BridgeLimits/maxMessageBytes``): a message whose JSON text is
    /// longer is not carried, only its length, which the host refuses (X7).
    public var maxMessageBytes: Double
    /// Whether the shim, in the top frame, first sends the empty text: the notice that a new main
    /// document starts, for hosts that learn of new documents late (Android's `onPageStarted`, S4).
    public var announcesDocuments: Bool
    /// How bytes cross (B2): `false`, in the text as base64, both ways; `true`, beside it, each
    /// attachment an `ArrayBuffer` message posted through the binding before the text that names
    /// it by index (`"attachments": n` in the request), and a reply's the same way. Only for a
    /// binding that carries `ArrayBuffer`s both ways: Android's injected object when the WebView
    /// has `WEB_MESSAGE_ARRAY_BUFFER`.
    public var attachesBytes: Bool

    /// A configuration for the shim over `bindingName`, presenting `channelName`.
    public init(
        bindingName: String, channelName: String, maxMessageBytes: Int, announcesDocuments: Bool = false,
        attachesBytes: Bool = false
    ) {
        self.bindingName = bindingName
        self.channelName = channelName
        self.maxMessageBytes = Double(maxMessageBytes)
        self.announcesDocuments = announcesDocuments
        self.attachesBytes = attachesBytes
    }
}

/// What ``HostScript/documentMarker`` reads: the handler it reports each main-frame document to,
/// from an isolated world (S4): `null` when one begins (call ``BridgeConnection/documentDidChange()``),
/// `'restored'` when one comes back from the back-forward cache (call
/// ``BridgeConnection/documentWasRestored()``).
///
/// ```swift
/// let marker = HostScript.documentMarker.invocation(DocumentMarkerConfiguration(handlerName: channel + "Document"))
/// ```
public struct DocumentMarkerConfiguration: Codable, Sendable {
    /// The message handler registered in the marker's world only.
    public var handlerName: String

    /// A configuration posting to `handlerName`.
    public init(handlerName: String) {
        self.handlerName = handlerName
    }
}

/// What ``HostScript/pageEvent`` reads: the DOM event it dispatches on the main frame's `window`
/// (X3, X4, A1), as one JSON text.
///
/// ``PageDelivery`` makes it for each delivery (``PageDelivery/script``,
/// ``PageDelivery/functionArguments``); an adapter rarely builds one itself.
///
/// ```swift
/// let script = HostScript.pageEvent.invocation(PageEventConfiguration(name: delivery.eventName, detail: delivery.detail))
/// ```
public struct PageEventConfiguration: Codable, Sendable {
    /// The event as JSON text, `{"name": …, "detail": …}`, which the page parses with the `JSON`
    /// taken at document start: a page's setters on `Object.prototype` or `Array.prototype` never
    /// see it, and an own `__proto__` key stays an own key (`delivery-receiver.ts`).
    public var event: String

    /// A configuration dispatching `name` with `detail`.
    public init(name: String, detail: JSONValue) {
        event = JSONValue.object(["name": .string(name), "detail": detail]).jsonString
    }
}
