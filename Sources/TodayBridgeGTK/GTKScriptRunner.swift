import CWebKitGTK
import TodayBridge

/// Runs the core's scripts (events, native calls) in the main frame's page world.
@GLibActor
final class GTKScriptRunner {
    private let webView: UnsafeMutablePointer<GWeakRef>

    init(webView: UnsafeMutablePointer<WebKitWebView>) {
        self.webView = .allocate(capacity: 1)
        g_weak_ref_init(self.webView, gpointer(webView))
    }

    isolated deinit {
        g_weak_ref_clear(webView)
        webView.deallocate()
    }

    /// Evaluates `script`; throws when the view is gone or the script throws.
    func run(_ script: String) async throws {
        guard let view = g_weak_ref_get(webView) else { throw GTKBridgeError.webViewGone }
        defer { g_object_unref(view) }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let box = Unmanaged.passRetained(ContinuationBox(continuation)).toOpaque()
            webkit_web_view_evaluate_javascript(
                view.assumingMemoryBound(to: WebKitWebView.self), script, -1, nil, nil, nil,
                { source, result, data in
                    let continuation = Unmanaged<ContinuationBox>.fromOpaque(data!).takeRetainedValue().continuation
                    var error: UnsafeMutablePointer<GError>?
                    let value = webkit_web_view_evaluate_javascript_finish(UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: WebKitWebView.self), result, &error)
                    if let value { g_object_unref(gpointer(value)) }
                    if let error {
                        let message = String(cString: error.pointee.message)
                        g_error_free(error)
                        continuation.resume(throwing: GTKBridgeError.scriptFailed(message))
                    } else {
                        continuation.resume()
                    }
                },
                box
            )
        }
    }

    private final class ContinuationBox {
        let continuation: CheckedContinuation<Void, any Error>
        init(_ continuation: CheckedContinuation<Void, any Error>) { self.continuation = continuation }
    }
}
