/// What an Android-style host installs in its web view (A1, A2, C7): the object
/// `WebViewCompat.addWebMessageListener` injects into every frame, and the script
/// `WebViewCompat.addDocumentStartJavaScript` runs in every frame (the platform tag, which guards
/// itself to the top frame, then the Android shim).
///
/// Any engine whose JavaScript interfaces carry strings only installs the same two, then hands
/// each request to ``StringTransport`` (<doc:WritingAnAdapter>):
///
/// ```swift
/// let installation = AndroidInstallation(bridge.configuration)
/// webView.addWebMessageListener(installation.jsObjectName, allowedOriginRules: ["*"], listener)
/// webView.addDocumentStartJavaScript(installation.documentStartScript, allowedOriginRules: ["*"])
/// ```
///
/// It encodes as `{ jsObjectName, documentStartScript, maxMessageBytes, attachesBytes }`, which is how the Android library's Kotlin
/// glue receives it.
public struct AndroidInstallation: Sendable, Codable {
    /// The injected object's name: `<channelName>Native`.
    public let jsObjectName: String
    /// The document-start script: ``HostScript/platformTag`` and ``HostScript/androidShim``, which
    /// in the top frame first posts the empty text, the notice of a new main document (S4).
    public let documentStartScript: String
    /// The message limit (``BridgeLimits/maxMessageBytes``): the most a frame's attachments
    /// waiting for their text may hold.
    public let maxMessageBytes: Double
    /// Whether the shim carries bytes beside the text, as `ArrayBuffer` messages (B2).
    public let attachesBytes: Bool

    /// What a host installs for `configuration`'s platform, channel name and message limit; with
    /// `attachesBytes`, where the injected object carries `ArrayBuffer` messages both ways (Android's
    /// `WEB_MESSAGE_ARRAY_BUFFER`), the shim posts a message's bytes as `ArrayBuffer`s beside its
    /// text, and reads a reply's the same way; else as base64 in the text (B2).
    public init(_ configuration: BridgeConfiguration, attachesBytes: Bool = false) {
        maxMessageBytes = Double(configuration.limits.maxMessageBytes)
        self.attachesBytes = attachesBytes
        jsObjectName = configuration.channelName + "Native"
        let platformTag = HostScript.platformTag.invocation(PlatformTagConfiguration(platform: configuration.platform))
        let shim = HostScript.androidShim.invocation(
            AndroidShimConfiguration(
                bindingName: jsObjectName, channelName: configuration.channelName,
                maxMessageBytes: configuration.limits.maxMessageBytes,
                announcesDocuments: true, attachesBytes: attachesBytes
            ))
        documentStartScript = platformTag + shim
    }
}
