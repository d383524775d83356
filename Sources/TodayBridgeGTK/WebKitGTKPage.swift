#if os(Linux)
import CWebKitGTK
import TodayBridge

/// The way out of the core into one WebKitGTK view, its ``BridgeWebView``: scripts in the main
/// frame's page world, cookies through the view's network session.
///
/// ``WebKitGTKBridge`` makes it before connecting, so that its connection is a constant, and keeps
/// it; the connection keeps it weakly. It holds the view weakly too: deliveries may outlive it.
@GLibActor
final class WebKitGTKPage: BridgeWebView {
    private let webView: UnsafeMutablePointer<GWeakRef>
    private let cookieManager: OpaquePointer

    init(_ view: UnsafeMutablePointer<WebKitWebView>) {
        webView = .allocate(capacity: 1)
        g_weak_ref_init(webView, gpointer(view))
        cookieManager = webkit_network_session_get_cookie_manager(webkit_web_view_get_network_session(view))
        g_object_ref(gpointer(cookieManager))
    }

    isolated deinit {
        g_weak_ref_clear(webView)
        webView.deallocate()
        g_object_unref(gpointer(cookieManager))
    }

    /// The view with a reference the caller releases, or `nil` once it is gone.
    func view() -> UnsafeMutablePointer<WebKitWebView>? {
        g_weak_ref_get(webView)?.assumingMemoryBound(to: WebKitWebView.self)
    }

    func evaluateInMainFrame(_ script: String) async throws {
        guard let view = view() else { throw PageDeliveryError.webViewGone }
        defer { g_object_unref(gpointer(view)) }
        try await GAsyncCall.run { callback, data in
            webkit_web_view_evaluate_javascript(view, script, -1, nil, nil, nil, callback, data)
        } finish: { _, result in
            let value = try GLibError.check { webkit_web_view_evaluate_javascript_finish(view, result, &$0) }
            if let value { g_object_unref(gpointer(value)) }
        }
    }

    func setCookie(_ cookie: BridgeCookie) async throws {
        let soupCookie = soup_cookie_new(cookie.name, cookie.value, cookie.domain, cookie.path, -1)
        soup_cookie_set_secure(soupCookie, cookie.isSecure ? 1 : 0)
        soup_cookie_set_http_only(soupCookie, cookie.isHTTPOnly ? 1 : 0)
        defer { soup_cookie_free(soupCookie) }
        let manager = cookieManager
        try await GAsyncCall.run { callback, data in
            webkit_cookie_manager_add_cookie(manager, soupCookie, nil, callback, data)
        } finish: { _, result in
            _ = try GLibError.check { webkit_cookie_manager_add_cookie_finish(manager, result, &$0) }
        }
    }
}
#endif
