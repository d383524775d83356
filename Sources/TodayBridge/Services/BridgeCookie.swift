/// A cookie the bridge mints into a web view's own cookie store (T4). Its value is redacted in its
/// description and reflection.
public struct BridgeCookie: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The cookie's name, `embed_bearer` for the session cookie.
    public var name: String
    /// The cookie's value: a credential.
    public var value: String
    /// The host the cookie belongs to.
    public var domain: String
    /// The path the cookie is sent on, `/api/` for the session cookie.
    public var path: String
    /// Sent over HTTPS only.
    public var isSecure: Bool
    /// Hidden from `document.cookie`.
    public var isHTTPOnly: Bool

    /// Creates a cookie.
    public init(name: String, value: String, domain: String, path: String, isSecure: Bool, isHTTPOnly: Bool) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
    }

    /// The cookie as a `Set-Cookie` header's value (`name=value; Domain=…; Path=…; Secure;
    /// HttpOnly`), the form Android's `CookieManager.setCookie` takes. It holds the credential.
    public var setCookieHeaderValue: String {
        header(value: value)
    }

    public var description: String {
        "BridgeCookie(" + header(value: "<redacted>") + ")"
    }

    /// Everything but the value: `dump` and `Mirror` show no part of the credential.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["name": name, "domain": domain, "path": path, "isSecure": isSecure, "isHTTPOnly": isHTTPOnly])
    }

    private func header(value: String) -> String {
        "\(name)=\(value); Domain=\(domain); Path=\(path)" + (isSecure ? "; Secure" : "")
            + (isHTTPOnly ? "; HttpOnly" : "")
    }
}
