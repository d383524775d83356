import CWebKitGTK
import TodayBridge

/// The web view's own cookie store, through its network session's cookie manager (T4).
final class GTKCookieStore: BridgeCookieStore {
    // A GObject reference owned by this store, used on the GLib thread only (`setCookie` hops
    // there), so sharing the store across tasks never touches it concurrently.
    nonisolated(unsafe) private let manager: OpaquePointer

    init(cookieManager: OpaquePointer) {
        manager = cookieManager
        g_object_ref(gpointer(cookieManager))
    }

    deinit {
        g_object_unref(gpointer(manager))
    }

    func setCookie(_ cookie: BridgeCookie) async throws {
        try await add(cookie)
    }

    @GLibActor
    private func add(_ cookie: BridgeCookie) async throws {
        let soupCookie = soup_cookie_new(cookie.name, cookie.value, cookie.domain, cookie.path, -1)
        soup_cookie_set_secure(soupCookie, cookie.isSecure ? 1 : 0)
        soup_cookie_set_http_only(soupCookie, cookie.isHTTPOnly ? 1 : 0)
        defer { soup_cookie_free(soupCookie) }
        let manager = self.manager
        try await GAsyncCall.run { callback, data in
            webkit_cookie_manager_add_cookie(manager, soupCookie, nil, callback, data)
        } finish: { _, result in
            _ = try GLibError.check { webkit_cookie_manager_add_cookie_finish(manager, result, &$0) }
        }
    }
}
