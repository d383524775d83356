#if canImport(WebKit)
import TodayBridge
import WebKit

/// One web view's connection and the way out to its page: kept alive by the view itself, so
/// when the view goes away the connection closes (every pending call settles, C5; X5 reports it).
@MainActor
final class WebViewLink {
    let connection: BridgeConnection
    /// The main document the connection speaks for.
    var mainDocument = MainDocument()
    /// The connection keeps its web view weakly: kept here.
    private let page: WebKitPage

    init(bridge: TodayBridge, webView: WKWebView) {
        page = WebKitPage(webView)
        connection = bridge.connect(page)
    }

    deinit {
        connection.close()
    }
}
#endif
