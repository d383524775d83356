#if canImport(WebKit)
import WebKit

/// Receives the document marker, posted from the bridge's own content world only.
@MainActor
final class WebKitDocumentObserver: NSObject, WKScriptMessageHandler {
    private let installation: WebKitBridge

    init(_ installation: WebKitBridge) {
        self.installation = installation
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        installation.documentDidStart(message)
    }
}
#endif
