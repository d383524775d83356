#if canImport(WebKit)
import TodayBridge
import WebKit

/// One web view's connection and the way out to its page: kept alive by the view itself, so
/// when the view goes away the connection closes (every pending call settles, C5; X5 reports it).
///
/// It watches the view's `url` (key-value observing), which WebKit sets to `nil` when the view's
/// content process ends and no load starts at once (`PageLoadState::reset`, committed after the
/// navigation delegate was told, `WebProcessProxy::processDidTerminateOrFailedToLaunch`): how the
/// adapter learns of the end when the app has no `webViewWebContentProcessDidTerminate(_:)`, or
/// the view is not visible, where WebKit reloads the page only once it is (C5, S4).
@MainActor
final class WebViewLink {
    let connection: BridgeConnection
    /// The main document the connection speaks for.
    var mainDocument = MainDocument()
    /// The connection keeps its web view weakly: kept here.
    private let page: WebKitPage
    private var urlObservation: NSKeyValueObservation?

    init(bridge: TodayBridge, webView: WKWebView) {
        page = WebKitPage(webView)
        connection = bridge.connect(page)
        urlObservation = webView.observe(\.url, options: [.new]) { [weak self] webView, _ in
            MainActor.assumeIsolated {
                guard webView.url == nil, self?.mainDocument.token != nil else { return }
                self?.contentProcessEnded()
            }
        }
    }

    /// The view's content process ended: every pending call settles, a new document begins, the
    /// app's termination handler runs (C5, S4); once per end, whoever reports it first (the app's
    /// navigation delegate, or the view's `url`).
    func contentProcessEnded() {
        guard mainDocument.endProcess() else { return }
        connection.webProcessDidTerminate(.unknown)
    }

    deinit {
        connection.close()
    }
}
#endif
