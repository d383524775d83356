#if canImport(WebKit)
import TodayBridge
import WebKit

/// How the adapter learns that the main frame committed a new document (S4).
///
/// A script in the bridge's own content world, injected into the main frame at document start,
/// posts to a handler registered in that world alone: it runs once per new document (reloads
/// included, same-document history changes excluded) and again when a page returns from the
/// back-forward cache. The page cannot reach that world, so it cannot forge the marker, and the
/// app's navigation delegate stays the app's own.
enum WebKitPageScripts {
    /// The content world the document marker runs in.
    @MainActor static var world: WKContentWorld { .world(name: "today-webview-bridge") }

    /// The marker's handler name, registered in ``world`` only.
    static func documentHandler(channel: String) -> String { channel + "Document" }

    /// Main frame, ``world``, document start: reports each new document.
    static func documentMarker(handler: String) -> String {
        """
        (function () {
          var handler = window.webkit.messageHandlers[\(JSONValue.string(handler).jsonString)];
          handler.postMessage(null);
          window.addEventListener('pageshow', function (event) { if (event.persisted) handler.postMessage(null); });
        })();
        """
    }
}
#endif
