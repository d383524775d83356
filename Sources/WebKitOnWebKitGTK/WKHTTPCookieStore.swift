#if os(Linux)
import CWebKitGTK

/// The HTTP cookies of a website data store: WebKitGTK's cookie manager of its network session.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkhttpcookiestore>.
@MainActor
public class WKHTTPCookieStore: NSObject {
    private let manager: OpaquePointer

    init(_ manager: OpaquePointer) {
        self.manager = manager
        super.init()
    }

    /// Stores `cookie`, then calls `completionHandler` on the main thread.
    public func setCookie(_ cookie: HTTPCookie, completionHandler: (@MainActor @Sendable () -> Void)? = nil) {
        let soup = soup_cookie_new(
            cookie.name, cookie.value, cookie.domain, cookie.path,
            Int32(cookie.expiresDate.map { max(0, $0.timeIntervalSinceNow) } ?? -1))
        soup_cookie_set_secure(soup, cookie.isSecure ? 1 : 0)
        soup_cookie_set_http_only(soup, cookie.isHTTPOnly ? 1 : 0)
        let done = Unmanaged.passRetained(Completion { _ in completionHandler?() }).toOpaque()
        webkit_cookie_manager_add_cookie(
            manager, soup, nil,
            { source, result, data in
                webkit_cookie_manager_add_cookie_finish(OpaquePointer(source), result, nil)
                Unmanaged<Completion>.fromOpaque(data!).takeRetainedValue().call(nil)
            }, done)
        soup_cookie_free(soup)
        MainThreadLoop.wake()
    }

    /// Every cookie of the store, on the main thread.
    public func getAllCookies(_ completionHandler: @escaping @MainActor @Sendable ([HTTPCookie]) -> Void) {
        let done = Unmanaged.passRetained(Completion { list in completionHandler(list as? [HTTPCookie] ?? []) })
            .toOpaque()
        webkit_cookie_manager_get_all_cookies(
            manager, nil,
            { source, result, data in
                var cookies: [HTTPCookie] = []
                var list = webkit_cookie_manager_get_all_cookies_finish(OpaquePointer(source), result, nil)
                let head = list
                while let node = list {
                    if let cookie = node.pointee.data.map({ OpaquePointer($0) }),
                        let converted = WKHTTPCookieStore.httpCookie(cookie)
                    {
                        cookies.append(converted)
                    }
                    list = node.pointee.next
                }
                g_list_free_full(head) { soup_cookie_free(OpaquePointer($0)) }
                Unmanaged<Completion>.fromOpaque(data!).takeRetainedValue().call(cookies)
            }, done)
        MainThreadLoop.wake()
    }

    private nonisolated static func httpCookie(_ cookie: OpaquePointer) -> HTTPCookie? {
        var properties: [HTTPCookiePropertyKey: Any] = [
            .name: String(cString: soup_cookie_get_name(cookie)),
            .value: String(cString: soup_cookie_get_value(cookie)),
            .domain: String(cString: soup_cookie_get_domain(cookie)),
            .path: String(cString: soup_cookie_get_path(cookie)),
        ]
        if soup_cookie_get_secure(cookie) != 0 { properties[.secure] = "TRUE" }
        if soup_cookie_get_http_only(cookie) != 0 { properties[HTTPCookiePropertyKey("HttpOnly")] = "TRUE" }
        return HTTPCookie(properties: properties)
    }
}

/// A completion handler carried through a GLib callback, which runs on the main thread.
final class Completion: @unchecked Sendable {  // called once, on the main thread
    private let handler: @MainActor (Any?) -> Void

    init(_ handler: @escaping @MainActor (Any?) -> Void) {
        self.handler = handler
    }

    func call(_ value: Any?) {
        nonisolated(unsafe) let value = value  // made and used on the main thread
        MainActor.assumeIsolated { handler(value) }
    }
}
#endif
