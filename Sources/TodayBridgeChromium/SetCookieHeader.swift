#if os(Linux)
import Foundation

/// A `Set-Cookie` header's value, as Android's `CookieManager.setCookie` reads it: `name=value`
/// and the attributes the emulation passes on (`Domain`, `Path`, `Secure`, `HttpOnly`).
struct SetCookieHeader {
    var name: String
    var value: String
    var domain: String?
    var path: String?
    var isSecure = false
    var isHTTPOnly = false

    init?(_ header: String) {
        var parts = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !parts.isEmpty, let equals = parts[0].firstIndex(of: "=") else { return nil }
        name = String(parts[0][..<equals])
        value = String(parts[0][parts[0].index(after: equals)...])
        parts.removeFirst()
        for attribute in parts {
            let pair = attribute.split(separator: "=", maxSplits: 1).map(String.init)
            switch pair[0].lowercased() {
            case "domain": domain = pair.count > 1 ? pair[1] : nil
            case "path": path = pair.count > 1 ? pair[1] : nil
            case "secure": isSecure = true
            case "httponly": isHTTPOnly = true
            default: break
            }
        }
        guard !name.isEmpty else { return nil }
    }
}
#endif
