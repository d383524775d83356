/// The parts of a URL the policy reads (scheme, host, port, path), taken from its text by one
/// reader of the bridge's own, so every platform reads a URL alike.
///
/// Foundation's `URL` follows RFC 1738/1808 on iOS 15-16 and macOS 12-13 and RFC 3986 on later
/// systems and Linux; the two disagree on hosts (brackets, percent-escapes, IDN) and on which
/// strings are URLs at all, and an origin or a surface's path must not depend on the OS version.
/// The URLs the policy reads come from the engine, already in the WHATWG URL Standard's
/// canonical form; anything else reads as what it literally says, so a host a canonical URL
/// could not have matches no rule (`SecurityOrigin` refuses it).
package struct URLParts: Sendable, Hashable {
    /// The scheme, lower-cased.
    package let scheme: String
    /// The host as written (an IPv6 literal in its brackets); `nil` when the URL has no
    /// authority (`myapp:path`), empty when the authority is (`file:///x`).
    package let host: String?
    /// The port, `nil` when none is written.
    package let port: Int?
    /// The path as written, percent-escapes kept; empty when there is none.
    package let path: String

    /// The parts of `text`; `nil` when it has no scheme, or a port that is not a number up to 65535.
    package init?(_ text: String) {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon].asciiLowercased
        guard OriginScheme(scheme) != nil else { return nil }
        var rest = text[text.index(after: colon)...]
        var host: Substring?
        var port: Int?
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            var authority = rest[..<end]
            rest = rest[end...]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            let hostEnd: Substring.Index
            if authority.hasPrefix("[") {
                guard let close = authority.firstIndex(of: "]") else { return nil }
                hostEnd = authority.index(after: close)
            } else {
                hostEnd = authority.firstIndex(of: ":") ?? authority.endIndex
            }
            host = authority[..<hostEnd]
            let portText = authority[hostEnd...]
            if let separator = portText.first {
                let digits = portText.dropFirst()
                guard separator == ":", digits.count <= 5, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                    return nil
                }
                port = digits.isEmpty ? nil : Int(digits)  // `https://a.test:/` has the default port
                if let port, port > 65535 { return nil }
            }
        }
        self.scheme = scheme
        self.host = host.map(String.init)
        self.port = port
        self.path = String(rest.prefix { $0 != "?" && $0 != "#" })
    }
}
