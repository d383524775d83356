#if canImport(WebKit)
import TodayBridge
import WebKit

/// The way out of the core into one `WKWebView`, its ``BridgeWebView``: deliveries through
/// `callAsyncJavaScript`, scripts in the main frame, the session cookie in the view's own store.
///
/// ``WebViewLink`` makes it before connecting, so that its connection is a constant, and keeps it;
/// the connection keeps it weakly. It holds the view weakly too: deliveries may outlive it.
@MainActor
final class WebKitPage: BridgeWebView {
    private weak var webView: WKWebView?
    private let cookieStore: WKHTTPCookieStore

    init(_ webView: WKWebView) {
        self.webView = webView
        cookieStore = webView.configuration.websiteDataStore.httpCookieStore
    }

    /// Delivers natively: the data travels as `callAsyncJavaScript`'s one argument, the event's
    /// JSON text, which the page parses with the `JSON` taken at document start. Never an object:
    /// WebKit builds those in the page's world with ordinary assignments, where a page's setters on
    /// `Object.prototype` or `Array.prototype` would see or drop the delivery and an own
    /// `__proto__` key would replace a prototype (`JavaScriptEvaluationResult::toJS`, since 2025).
    func deliver(_ delivery: PageDelivery) async throws {
        let webView = try self.view()
        let arguments: [String: Any] = delivery.functionArguments
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            webView.callAsyncJavaScript(PageDelivery.functionBody, arguments: arguments, in: nil, in: .page) { result in
                continuation.resume(with: result.map { _ in })
            }
        }
    }

    func evaluateInMainFrame(_ script: String) async throws {
        let webView = try self.view()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            webView.evaluateJavaScript(script) { _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    func setCookie(_ cookie: BridgeCookie) async throws {
        guard let httpCookie = cookie.httpCookie else {
            throw PageDeliveryError.engineRefused("Foundation refused the session cookie")
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            cookieStore.setCookie(httpCookie) { continuation.resume() }
        }
    }

    private func view() throws(PageDeliveryError) -> WKWebView {
        guard let webView else { throw .webViewGone }
        return webView
    }
}
#endif
