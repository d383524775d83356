#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A web origin, `scheme://host[:port]`, as the engine reports it for a frame (contract C8).
///
/// Origins are kept in the canonical form engines report, so that a rule, a committed URL and the
/// engine's own origin compare equal:
/// - the scheme and host are lower-cased (ASCII only) and a scheme's default port is dropped:
///   `https://Example.com:443` is `https://example.com`;
/// - an IP address is written the way URL parsers canonicalize it: `http://127.1` and
///   `http://0x7f.0.0.1` are `http://127.0.0.1`, `https://[3FFE:2a00:100:7031:0:0::1]` is
///   `https://[3ffe:2a00:100:7031::1]`;
/// - a `file` origin has the file URL's host, usually none: `file://`;
/// - an app's own scheme has one origin per scheme, host and port dropped, as Android WebView
///   reports it: `myapp://app/index.html` is `myapp://`.
///
/// Opaque origins (`about:blank`, `data:` and `blob:` URLs, sandboxed frames, which engines
/// report as `null`) cannot be represented: they are `nil`, and no origin rule matches them.
public struct SecurityOrigin: Sendable, Hashable, CustomStringConvertible {
    /// `http`, `https`, `file`, or an app's own scheme, lower-cased.
    public let scheme: String
    /// The host, lower-cased; an IPv6 literal without its brackets; empty for `file://` and an
    /// app's own scheme.
    public let host: String
    /// The port, or `nil` for the scheme's default port.
    public let port: Int?

    /// Creates an origin in canonical form; `nil` for an opaque or invalid scheme, a missing or
    /// invalid host (stray brackets, a number that is no IP address), or a port out of range.
    public init?(scheme: String, host: String, port: Int?) {
        let scheme = scheme.asciiLowercased
        guard let kind = OriginScheme(scheme), kind != .opaque else { return nil }
        if kind == .app {
            (self.scheme, self.host, self.port) = (scheme, "", nil)
            return
        }
        guard var host = Self.canonicalHost(host), !host.isEmpty || kind == .file else { return nil }
        if kind == .file, host == "localhost" { host = "" }  // `file://localhost/x` is `file:///x`
        if let port {
            guard kind != .file, (1...65535).contains(port) else { return nil }
        }
        self.scheme = scheme
        self.host = host
        self.port = port == OriginScheme.defaultPort(of: scheme) ? nil : port
    }

    /// The origin of an origin or URL string; `nil` for opaque or host-less URLs.
    ///
    /// Read by the bridge's own reader, not Foundation's `URL`, whose reading of
    /// hosts differs between OS versions.
    public init?(string: String) {
        guard let parts = URLParts(string) else { return nil }
        self.init(parts)
    }

    /// The origin of `url` (its `absoluteString`); `nil` for opaque or host-less URLs.
    public init?(url: URL) {
        self.init(string: url.absoluteString)
    }

    package init?(_ parts: URLParts) {
        self.init(scheme: parts.scheme, host: parts.host ?? "", port: parts.port)
    }

    /// Whether the origin is served over TLS.
    public var isSecure: Bool { scheme == "https" }

    /// Whether this is the origin of an app's own scheme (`myapp://`): neither web nor file.
    package var isAppScheme: Bool { OriginScheme(scheme) == .app }

    /// `scheme://host[:port]`, with an IPv6 host in brackets.
    public var description: String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }

    /// Besides controls, space and non-ASCII: what the URL Standard forbids in a domain.
    private static let forbiddenInHost = Set("#%/:<>?@[\\]^|".utf8)

    /// A host in canonical form: brackets around IPv6 taken off, IP addresses canonical, names
    /// lower-cased; `nil` when it cannot be a host.
    private static func canonicalHost(_ host: String) -> String? {
        var host = Substring(host)
        let bracketed = host.hasPrefix("[") && host.hasSuffix("]")
        if bracketed { host = host.dropFirst().dropLast() }
        // Brackets only ever wrap a whole IPv6 literal; any left over make normalizing unstable.
        guard !host.contains(where: { $0 == "[" || $0 == "]" }) else { return nil }
        if bracketed || host.contains(":") { return IPAddressLiteral.canonicalIPv6(host) }
        // A canonical name is ASCII without the URL Standard's forbidden domain code points.
        guard host.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !forbiddenInHost.contains($0) }) else { return nil }
        switch IPAddressLiteral.readIPv4(host) {
        case .address(let address): return address
        case .malformed: return nil
        case .name: return String(host).asciiLowercased
        }
    }
}
