@_spi(Tools) import TodayBridge
@_spi(Tools) import TodayBridgeTesting
#if canImport(TodayBridgeGTK)
@_spi(Tools) import TodayBridgeGTK
#endif
#if canImport(TodayBridgeWebKit)
@_spi(Tools) import TodayBridgeWebKit
#endif

/// The configurations of the scripts hosts inject, and what they post, as
/// `today-bridge contract --host-configurations` declares them for the web side (X6): the core's
/// scripts, each engine's own, and the traffic inspector's page. Declared here, where they are
/// rendered, so that neither the core nor an adapter carries the renderer.
enum HostScriptDeclarations {
    /// Every declaration, in the order of the generated file.
    static var all: [WireContract.Declaration] {
        core + engines + inspector
    }

    /// The scripts every adapter injects (`web/src/host/`).
    static let core: [WireContract.Declaration] = [
        WireContract.Declaration(PlatformTagConfiguration.self, "`platform-tag.ts`: defines `window.__todayWebView` in the top frame (C7)."),
        WireContract.Declaration(AndroidShimConfiguration.self, "`android-shim.ts`: the channel over a string-only binding (A1)."),
        WireContract.Declaration(DocumentMarkerConfiguration.self, "`document-marker.ts`: reports each new main-frame document (S4)."),
        WireContract.Declaration(PageEventConfiguration.self, "`page-event.ts`: dispatches a DOM event on `window` (X3, X4, A1)."),
    ]

    /// Each engine's own: WebKitGTK's (`web/src/host/webkitgtk/`), WKWebView's
    /// (`web/src/host/webkit/`). The scripts of the Java emulation of Android's WebView
    /// (`web/src/host/chromium/`) declare their configurations in TypeScript: no Swift reads them.
    static var engines: [WireContract.Declaration] {
        webKitGTK + webKit
    }

    private static var webKitGTK: [WireContract.Declaration] {
        #if canImport(TodayBridgeGTK)
        [
            WireContract.Declaration(WebKitGTKChannelConfiguration.self, "`webkitgtk/channel.ts`: the main frame's channel, page world."),
            WireContract.Declaration(WebKitGTKRelayConfiguration.self, "`webkitgtk/relay.ts`: the main frame's relay, isolated world."),
        ]
        #else
        []
        #endif
    }

    private static var webKit: [WireContract.Declaration] {
        #if canImport(TodayBridgeWebKit)
        [
            WireContract.Declaration(WebKitChannelConfiguration.self, "`webkit/channel.ts`: WKWebView's channel, page world of every frame."),
            WireContract.Declaration(WebKitRelayConfiguration.self, "`webkit/relay.ts`: WKWebView's main-frame relay, the bridge's content world."),
        ]
        #else
        []
        #endif
    }

    /// The traffic inspector's page (`web/src/inspector/`).
    static let inspector: [WireContract.Declaration] = [
        WireContract.Declaration(TrafficRecord.self, "One trace of a recording (X5)."),
        WireContract.Declaration(TrafficRecordingHeader.self, "A recording's first line (X5)."),
        WireContract.Declaration(InspectorConfiguration.self, "`inspector/timeline.ts`: the traffic inspector's page (X5)."),
    ]
}
