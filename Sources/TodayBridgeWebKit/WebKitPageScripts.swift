#if canImport(WebKit)
import TodayBridge
import WebKit

/// The scripts the adapter installs, built from `web/src/host/` (C7, S4).
///
/// The document marker tells the adapter that the main frame committed a new document: it runs
/// in the bridge's own content world, in the main frame at document start, and posts to a
/// handler registered in that world alone. It runs once per new document (reloads included,
/// same-document history changes excluded) and again when a page returns from the back-forward
/// cache. The page cannot reach that world, so it cannot forge the marker, and the app's
/// navigation delegate stays the app's own.
enum WebKitPageScripts {
    /// The content world the document marker runs in.
    @MainActor static var world: WKContentWorld { .world(name: "today-webview-bridge") }

    /// The marker's handler name, registered in ``world`` only.
    static func documentHandler(channel: String) -> String { channel + "Document" }

    /// Main frame, page world, document start: the platform tag (C7).
    static func platformTag(_ platform: Platform) -> String {
        HostScript.platformTag.invocation(PlatformTagConfiguration(platform: platform))
    }

    /// Main frame, ``world``, document start: reports each new document.
    static func documentMarker(handler: String) -> String {
        HostScript.documentMarker.invocation(DocumentMarkerConfiguration(handlerName: handler))
    }
}
#endif
