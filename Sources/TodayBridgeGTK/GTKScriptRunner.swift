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
        guard let view = g_weak_ref_get(webView)?.assumingMemoryBound(to: WebKitWebView.self) else {
            throw GTKBridgeError.webViewGone
        }
        defer { g_object_unref(gpointer(view)) }
        try await GAsyncCall.run { callback, data in
            webkit_web_view_evaluate_javascript(view, script, -1, nil, nil, nil, callback, data)
        } finish: { _, result in
            let value = try GLibError.check { webkit_web_view_evaluate_javascript_finish(view, result, &$0) }
            if let value { g_object_unref(gpointer(value)) }
        }
    }
}
