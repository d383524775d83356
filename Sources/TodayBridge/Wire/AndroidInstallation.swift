/// What an Android host installs in its `WebView` (A1, A2, C7): the object
/// `WebViewCompat.addWebMessageListener` injects into every frame, and the script
/// `WebViewCompat.addDocumentStartJavaScript` runs in every frame (the platform tag, which guards
/// itself to the top frame, and the Android shim).
package struct AndroidInstallation: Sendable, Encodable {
    /// The injected object's name: `<channelName>Native`.
    package let jsObjectName: String
    /// The document-start script.
    package let documentStartScript: String

    package init(_ configuration: BridgeConfiguration) {
        jsObjectName = configuration.channelName + "Native"
        let platformTag = HostScript.platformTag.invocation(PlatformTagConfiguration(platform: configuration.platform))
        let shim = HostScript.androidShim.invocation(AndroidShimConfiguration(
            bindingName: jsObjectName, channelName: configuration.channelName, maxMessageBytes: configuration.limits.maxMessageBytes
        ))
        documentStartScript = platformTag + shim
    }
}
