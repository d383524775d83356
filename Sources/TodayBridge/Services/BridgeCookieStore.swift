/// A web view's own cookie store, supplied by the adapter (WKHTTPCookieStore, WebKitCookieManager, CDP).
public protocol BridgeCookieStore: Sendable {
    /// Stores `cookie`; returns once the web view will send it.
    func setCookie(_ cookie: BridgeCookie) async throws
}
