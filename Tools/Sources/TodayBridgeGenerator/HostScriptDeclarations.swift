import TodayBridge
#if canImport(TodayBridgeGTK)
@_spi(Tools) import TodayBridgeGTK
#endif
#if canImport(TodayBridgeWebKit)
@_spi(Tools) import TodayBridgeWebKit
#endif

/// The configurations of the scripts hosts inject, as the generator declares them for the web
/// side (`web/host/configurations.generated.ts`, X6): the core's scripts and each engine's own.
/// Declared here, where they are rendered, so that neither the core nor an adapter carries the
/// renderer.
enum HostScriptDeclarations {
    /// Every declaration, in the order of the generated file.
    static var all: [WireContract.Declaration] {
        core + engines
    }

    /// The scripts every adapter injects (`web/host/`).
    static let core: [WireContract.Declaration] = [
        WireContract.Declaration(
            PlatformTagConfiguration.self, "`platform-tag.ts`: defines `window.__todayWebView` in the top frame (C7)."),
        WireContract.Declaration(
            AndroidShimConfiguration.self, "`android-shim.ts`: the channel over a string-only binding (A1)."),
        WireContract.Declaration(
            DocumentMarkerConfiguration.self, "`document-marker.ts`: reports each new main-frame document (S4)."),
        WireContract.Declaration(
            PageEventConfiguration.self, "`page-event.ts`: dispatches a DOM event on `window` (X3, X4, A1)."),
    ]

    /// Each engine's own: WebKitGTK's (`web/host/webkitgtk/`), WKWebView's (`web/host/webkit/`).
    /// The scripts of the Java emulation of Android's WebView (`web/host/chromium/`) declare their
    /// configurations in TypeScript: no Swift reads them.
    static var engines: [WireContract.Declaration] {
        webKitGTK + webKit
    }

    private static var webKitGTK: [WireContract.Declaration] {
        #if canImport(TodayBridgeGTK)
        [
            WireContract.Declaration(
                WebKitGTKChannelConfiguration.self, "`webkitgtk/channel.ts`: the main frame's channel, page world."),
            WireContract.Declaration(
                WebKitGTKRelayConfiguration.self, "`webkitgtk/relay.ts`: the main frame's relay, isolated world."),
        ]
        #else
        []
        #endif
    }

    private static var webKit: [WireContract.Declaration] {
        #if canImport(TodayBridgeWebKit)
        [
            WireContract.Declaration(
                WebKitChannelConfiguration.self, "`webkit/channel.ts`: WKWebView's channel, page world of every frame."),
            WireContract.Declaration(
                WebKitRelayConfiguration.self,
                "`webkit/relay.ts`: WKWebView's main-frame relay, the bridge's content world."),
        ]
        #else
        []
        #endif
    }
}
