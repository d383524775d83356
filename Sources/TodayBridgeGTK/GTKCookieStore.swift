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
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let box = Unmanaged.passRetained(Box(continuation)).toOpaque()
            webkit_cookie_manager_add_cookie(manager, soupCookie, nil, { source, result, data in
                let continuation = Unmanaged<Box>.fromOpaque(data!).takeRetainedValue().continuation
                var error: UnsafeMutablePointer<GError>?
                webkit_cookie_manager_add_cookie_finish(OpaquePointer(source), result, &error)
                if let error {
                    let message = String(cString: error.pointee.message)
                    g_error_free(error)
                    continuation.resume(throwing: GTKBridgeError.cookieRefused(message))
                } else {
                    continuation.resume()
                }
            }, box)
        }
    }

    private final class Box {
        let continuation: CheckedContinuation<Void, any Error>
        init(_ continuation: CheckedContinuation<Void, any Error>) { self.continuation = continuation }
    }
}
