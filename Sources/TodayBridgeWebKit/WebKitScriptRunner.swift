#if canImport(WebKit)
import WebKit

/// Runs the core's scripts (events, native calls) in the main frame's page world (X3, X4).
@MainActor
final class WebKitScriptRunner {
    private weak var webView: WKWebView?

    init(webView: WKWebView) {
        self.webView = webView
    }

    /// Evaluates `script`; throws when the view is gone or evaluation fails.
    func run(_ script: String) async throws {
        guard let webView else { throw WebKitBridgeError.webViewGone }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            webView.evaluateJavaScript(script) { _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }
}
#endif
