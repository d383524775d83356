#if canImport(WebKit)
import TodayBridge
import WebKit

/// One web view's connection, kept alive by the view itself: when the view goes away, so does
/// the link, and the connection closes (every pending call settles, C5; X5 reports it).
@MainActor
final class WebViewLink {
    let connection: BridgeConnection

    init(bridge: TodayBridge, webView: WKWebView) {
        let scripts = WebKitScriptRunner(webView: webView)
        let cookies = WebKitCookieStore(webView.configuration.websiteDataStore.httpCookieStore)
        connection = bridge.connect(cookieStore: cookies) { script in try await scripts.run(script) }
    }

    deinit {
        connection.close()
    }
}
#endif
