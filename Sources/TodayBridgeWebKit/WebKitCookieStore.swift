#if canImport(WebKit)
import TodayBridge
import WebKit

/// The web view's own cookie store: its website data store's `httpCookieStore` (T4).
@MainActor
final class WebKitCookieStore: BridgeCookieStore {
    private let store: WKHTTPCookieStore

    init(_ store: WKHTTPCookieStore) {
        self.store = store
    }

    func setCookie(_ cookie: BridgeCookie) async throws {
        guard let httpCookie = cookie.httpCookie else { throw WebKitBridgeError.invalidCookie }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            store.setCookie(httpCookie) { continuation.resume() }
        }
    }
}
#endif
