#if canImport(WebKit)
import TodayBridge
import WebKit

/// One web view's connection, and the way out to its page: kept alive by the view itself, so
/// when the view goes away the connection closes (every pending call settles, C5; X5 reports it).
@MainActor
final class WebViewLink: BridgeWebView {
    private(set) var connection: BridgeConnection!
    private weak var webView: WKWebView?
    private let cookieStore: WKHTTPCookieStore

    init(bridge: TodayBridge, webView: WKWebView) {
        self.webView = webView
        cookieStore = webView.configuration.websiteDataStore.httpCookieStore
        connection = bridge.connect(self)
    }

    deinit {
        connection.close()
    }

    /// Delivers natively: the data travels as `callAsyncJavaScript`'s argument, not as script text.
    func deliver(_ delivery: PageDelivery) async throws {
        let webView = try self.view()
        let argument = ["configuration": delivery.functionArgument.foundationObject]
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            webView.callAsyncJavaScript(PageDelivery.functionBody, arguments: argument, in: nil, in: .page) { result in
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
        guard let httpCookie = cookie.httpCookie else { throw PageDeliveryError.engineRefused("Foundation refused the session cookie") }
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
