/// One origin rule of a trusted surface, in the grammar of Android's `allowedOriginRules` (S2).
///
/// - `*` matches every origin.
/// - `https://example.com` matches exactly that origin, on the scheme's default port.
/// - `https://*.example.com` matches every subdomain of `example.com`, not `example.com` itself.
/// - `https://example.com:8443`, `http://127.0.0.1:8080`, `https://[::1]` name a port or an
///   IP literal.
///
/// Only `http` and `https` are accepted. Paths, queries, fragments, user info, and wildcards
/// anywhere but the first label of a host name are refused, as are wildcards over a single label
/// (`https://*.com`) and over IP literals.
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
            pattern = try Self.parse(text)
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
            return !host.dropLast(tail.count).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).contains(where: \.isEmpty)
        }
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

    private static func parse(_ text: String) throws(Refusal) -> Pattern {
        if text == "*" { return .any }
        guard let separator = text.range(of: "://") else {
            throw Refusal(text.isEmpty ? "a rule cannot be empty" : "a rule needs a scheme, as in \"https://example.com\"")
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { throw Refusal("the scheme must be http or https") }
        let authority = String(text[separator.upperBound...])
        if let found = authority.first(where: { "/?#".contains($0) }) {
            throw Refusal(found == "/" ? "a rule has no path" : "a rule has no query or fragment")
        }
        guard !authority.contains("@") else { throw Refusal("a rule has no user info") }
        let (host, port) = try splitPort(authority)
        if host.hasPrefix("[") {
            guard let origin = SecurityOrigin(scheme: scheme, host: try ipv6(host), port: port) else {
                throw Refusal("the host is not valid")
            }
            return .origin(origin)
        }
        // Validated before lower-casing, which maps some non-ASCII letters (the Kelvin sign) to ASCII.
        try validate(host.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
        let labels = host.lowercased().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let normalizedPort = port == SecurityOrigin.defaultPort(of: scheme) ? nil : port
        if labels[0] == "*" {
            guard !isIPv4(labels.dropFirst()) else { throw Refusal("a wildcard cannot stand for part of an IP address") }
            guard labels.count >= 3 else { throw Refusal("a wildcard needs a domain of at least two labels, as in \"*.example.com\"") }
            return .subdomains(scheme: scheme, suffix: labels.dropFirst().joined(separator: "."), port: normalizedPort)
        }
        guard let origin = SecurityOrigin(scheme: scheme, host: host, port: port) else { throw Refusal("the host is not valid") }
        return .origin(origin)
    }

    private static func splitPort(_ authority: String) throws(Refusal) -> (host: String, port: Int?) {
        let hostEnd = authority.hasPrefix("[") ? authority.firstIndex(of: "]").map(authority.index(after:)) : authority.firstIndex(of: ":")
        guard let hostEnd, hostEnd < authority.endIndex else {
            guard !authority.isEmpty else { throw Refusal("a rule needs a host") }
            return (authority, nil)
        }
        guard authority[hostEnd] == ":" else { throw Refusal("the host is not valid") }
        let digits = authority[authority.index(after: hostEnd)...]
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy(\.isASCIIDigit), let port = Int(digits), (1...65535).contains(port) else {
            throw Refusal("the port must be a number from 1 to 65535")
        }
        return (String(authority[..<hostEnd]), port)
    }

    private static func ipv6(_ bracketed: String) throws(Refusal) -> String {
        let inner = bracketed.dropFirst().dropLast()
        guard bracketed.hasSuffix("]"), inner.contains(":"),
              inner.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") })  // not fullwidth digits
        else { throw Refusal("the IPv6 address is not valid") }
        return String(inner)
    }

    private static func validate(_ labels: [String]) throws(Refusal) {
        guard !labels.contains(where: \.isEmpty) else { throw Refusal("the host has an empty label") }
        for (index, label) in labels.enumerated() where label.contains("*") {
            guard index == 0, label == "*" else {
                throw Refusal("a wildcard may only be the whole first label, as in \"*.example.com\"")
            }
        }
        let allowed: (Character) -> Bool = { $0.isASCIILetterOrDigit || $0 == "-" || $0 == "*" }
        guard labels.allSatisfy({ $0.allSatisfy(allowed) && !$0.hasPrefix("-") && !$0.hasSuffix("-") }) else {
            throw Refusal("the host may only contain letters, digits, hyphens and dots")
        }
    }

    private static func isIPv4<Labels: Collection<String>>(_ labels: Labels) -> Bool {
        labels.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIILetterOrDigit: Bool { isASCII && (isLetter || isNumber) }
}
