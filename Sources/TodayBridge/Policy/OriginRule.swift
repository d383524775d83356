/// One origin rule of a trusted surface, in the grammar of Android's `allowedOriginRules` (S2).
///
/// - `*` matches every origin. Opaque origins (`about:blank`, `data:`, sandboxed frames) are no
///   ``SecurityOrigin``, so no rule, `*` included, matches them.
/// - `https://example.com` matches exactly that origin, on the scheme's default port.
/// - `https://*.example.com` matches every subdomain of `example.com`, not `example.com` itself.
/// - `https://example.com:8443` names a port.
/// - `http://127.0.0.1:8080`, `https://[::1]` name an IP address, in any form URL parsers accept:
///   `http://127.1`, `http://0x7f.0.0.1` and `https://[0:0::1]` are the same rules as
///   `http://127.0.0.1` and `https://[::1]`, and match what engines report.
/// - `file://` matches `file:` documents without a host.
/// - `myapp://` matches every document of an app's own scheme, which has one origin (as on Android).
///
/// A rule names `http`, `https`, `file` or an app's own scheme; `file` and an app's scheme take no
/// host or port. Paths, queries, fragments, user info, wildcards anywhere but the first label of a
/// host name, wildcards over a single label (`https://*.com`) or over IP addresses, and non-ASCII
/// text are refused. Leading and trailing ASCII white space is ignored, as Android ignores it.
public struct OriginRule: Sendable, Hashable, CustomStringConvertible {
    private enum Pattern: Hashable {
        case any
        case origin(SecurityOrigin)
        /// `scheme://*.suffix[:port]`; `suffix` has no leading dot.
        case subdomains(scheme: String, suffix: String, port: Int?)
    }

    private let pattern: Pattern

    /// Parses a rule, refusing anything outside the grammar.
    public init(_ text: String) throws(OriginRuleError) {
        do {
            pattern = try Self.parse(Self.trimmingASCIIWhitespace(text))
        } catch let reason {
            throw OriginRuleError(rule: text, reason: reason.text)
        }
    }

    /// Whether `origin` is allowed by this rule.
    public func matches(_ origin: SecurityOrigin) -> Bool {
        switch pattern {
        case .any:
            return true
        case .origin(let allowed):
            return origin == allowed
        case .subdomains(let scheme, let suffix, let port):
            guard origin.scheme == scheme, origin.port == port else { return false }
            // `*` stands for one or more whole labels, none of them empty (not `.example.com`);
            // compared on UTF-8 bytes, not by Unicode equivalence.
            let host = Array(origin.host.utf8), tail = Array(("." + suffix).utf8)
            guard host.count > tail.count, host.suffix(tail.count).elementsEqual(tail) else { return false }
            return !host.dropLast(tail.count).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
                .contains(where: \.isEmpty)
        }
    }

    /// Whether this rule is `origin` itself, rather than `*` or a wildcard that covers it.
    package func names(_ origin: SecurityOrigin) -> Bool {
        pattern == .origin(origin)
    }

    /// The rule in its normal form.
    public var description: String {
        switch pattern {
        case .any: "*"
        case .origin(let origin): origin.description
        case .subdomains(let scheme, let suffix, let port): "\(scheme)://*.\(suffix)" + (port.map { ":\($0)" } ?? "")
        }
    }
}

extension OriginRule {
    private struct Refusal: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }

    /// Where the first `://` of `text` is (the standard library's `firstRange(of:)` needs iOS 16).
    private static func schemeSeparator(in text: String) -> Range<String.Index>? {
        var start = text.startIndex
        while let colon = text[start...].firstIndex(of: ":") {
            if text[colon...].hasPrefix("://") { return colon..<text.index(colon, offsetBy: 3) }
            start = text.index(after: colon)
        }
        return nil
    }

    private static func parse(_ text: String) throws(Refusal) -> Pattern {
        if text == "*" { return .any }
        guard let separator = schemeSeparator(in: text) else {
            throw Refusal(
                text.isEmpty ? "a rule cannot be empty" : "a rule needs a scheme, as in \"https://example.com\"")
        }
        let scheme = text[..<separator.lowerBound].asciiLowercased
        guard let kind = OriginScheme(scheme) else {
            throw Refusal(
                scheme.isEmpty
                    ? "a rule needs a scheme, as in \"https://example.com\""
                    : "the scheme is not valid (one scheme, no wildcard)")
        }
        let authority = String(text[separator.upperBound...])
        switch kind {
        case .opaque:
            throw Refusal("\(scheme): documents have an opaque origin, which no rule names")
        case .file, .app:
            // Android: every URL of an app's scheme has the one origin `myapp://`; file URLs have no host.
            guard authority.isEmpty, let origin = SecurityOrigin(scheme: scheme, host: "", port: nil) else {
                throw Refusal("a rule for the \(scheme) scheme is just \"\(scheme)://\": no host, port or path")
            }
            return .origin(origin)
        case .network where scheme != "http" && scheme != "https":
            throw Refusal("no page is served over \(scheme): the scheme must be http, https, file or an app's own")
        case .network:
            return try networkPattern(scheme: scheme, authority: authority)
        }
    }

    /// An `http` or `https` rule: a host name, a wildcard over subdomains or an IP address, and a port.
    private static func networkPattern(scheme: String, authority: String) throws(Refusal) -> Pattern {
        if let found = authority.first(where: { "/?#".contains($0) }) {
            throw Refusal(found == "/" ? "a rule has no path" : "a rule has no query or fragment")
        }
        guard !authority.contains("@") else { throw Refusal("a rule has no user info") }
        let (host, port) = try splitPort(authority)
        if host.hasPrefix("[") {
            guard let origin = SecurityOrigin(scheme: scheme, host: host, port: port) else {
                throw Refusal("the IPv6 address is not valid")
            }
            return .origin(origin)
        }
        // Checked before anything else reads the host: lower-casing maps some non-ASCII letters
        // (the Kelvin sign) to ASCII, and number parsing must see ASCII digits only.
        let allowed: (Character) -> Bool = { $0.isASCIILetterOrDigit || $0 == "-" || $0 == "." || $0 == "*" }
        guard host.allSatisfy(allowed) else {
            throw Refusal("the host may only contain letters, digits, hyphens and dots")
        }
        if !host.contains("*") {
            switch IPAddressLiteral.readIPv4(Substring(host)) {
            case .address: return try origin(scheme: scheme, host: host, port: port)
            case .malformed: throw Refusal("the host ends in a number but is no IPv4 address")
            case .name: break
            }
        }
        try validate(host.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
        let labels = host.asciiLowercased.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard labels[0] == "*" else { return try origin(scheme: scheme, host: host, port: port) }
        let suffix = labels.dropFirst().joined(separator: ".")
        guard IPAddressLiteral.readIPv4(Substring(suffix)) == .name else {
            throw Refusal("a wildcard cannot stand for part of an IP address")
        }
        guard labels.count >= 3 else {
            throw Refusal("a wildcard needs a domain of at least two labels, as in \"*.example.com\"")
        }
        let normalizedPort = port == OriginScheme.defaultPort(of: scheme) ? nil : port
        return .subdomains(scheme: scheme, suffix: suffix, port: normalizedPort)
    }

    private static func origin(scheme: String, host: String, port: Int?) throws(Refusal) -> Pattern {
        guard let origin = SecurityOrigin(scheme: scheme, host: host, port: port) else {
            throw Refusal("the host is not valid")
        }
        return .origin(origin)
    }

    private static func splitPort(_ authority: String) throws(Refusal) -> (host: String, port: Int?) {
        let hostEnd =
            authority.hasPrefix("[")
            ? authority.firstIndex(of: "]").map(authority.index(after:)) : authority.firstIndex(of: ":")
        guard let hostEnd, hostEnd < authority.endIndex else {
            guard !authority.isEmpty else { throw Refusal("a rule needs a host") }
            return (authority, nil)
        }
        guard authority[hostEnd] == ":" else { throw Refusal("the host is not valid") }
        let digits = authority[authority.index(after: hostEnd)...]
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy(\.isASCIIDigit), let port = Int(digits),
            (1...65535).contains(port)
        else {
            throw Refusal("the port must be a number from 1 to 65535")
        }
        let host = String(authority[..<hostEnd])
        guard !host.isEmpty else { throw Refusal("a rule needs a host") }
        return (host, port)
    }

    private static func validate(_ labels: [String]) throws(Refusal) {
        guard !labels.contains(where: \.isEmpty) else { throw Refusal("the host has an empty label") }
        for (index, label) in labels.enumerated() where label.contains("*") {
            guard index == 0, label == "*" else {
                throw Refusal("a wildcard may only be the whole first label, as in \"*.example.com\"")
            }
        }
        guard labels.allSatisfy({ !$0.hasPrefix("-") && !$0.hasSuffix("-") }) else {
            throw Refusal("a label of the host cannot start or end with a hyphen")
        }
    }

    /// Android trims ASCII white space around a rule (`base::TrimWhitespaceASCII`).
    private static func trimmingASCIIWhitespace(_ text: String) -> String {
        let whitespace: Set<UInt8> = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20]
        let bytes = Array(text.utf8)
        guard let first = bytes.firstIndex(where: { !whitespace.contains($0) }),
            let last = bytes.lastIndex(where: { !whitespace.contains($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIILetterOrDigit: Bool { isASCII && (isLetter || isNumber) }
}
