#if canImport(WebKit)
import TodayBridge
import WebKit

extension BridgeCookie {
    /// The cookie as Foundation's `HTTPCookie`: a session cookie with the core's name, value,
    /// domain, path, `Secure` and `HttpOnly`; `nil` when Foundation refuses it.
    var httpCookie: HTTPCookie? {
        var properties: [HTTPCookiePropertyKey: Any] = [.name: name, .value: value, .domain: domain, .path: path]
        // Both Foundations read these flags from the string "TRUE" (a Bool is ignored on Linux).
        if isSecure { properties[.secure] = "TRUE" }
        if isHTTPOnly { properties[HTTPCookiePropertyKey("HttpOnly")] = "TRUE" }
        return HTTPCookie(properties: properties)
    }
}
#endif
