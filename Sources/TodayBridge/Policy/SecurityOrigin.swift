import Foundation

/// A web origin, `scheme://host[:port]`, as the engine reports it for a frame (contract C8).
///
/// The scheme and host are lower-cased and a scheme's default port is dropped, so
/// `https://Example.com:443` and `https://example.com` are the same origin. Opaque origins
/// (`about:blank`, `data:` URLs) have no host and cannot be represented.
public struct SecurityOrigin: Sendable, Hashable, CustomStringConvertible {
    /// `http`, `https`, or another scheme, lower-cased.
    public let scheme: String
    /// The host, lower-cased; an IPv6 literal without its brackets.
    public let host: String
    /// The port, or `nil` for the scheme's default port.
    public let port: Int?

    /// Creates an origin; `nil` when the host is empty or has stray brackets, or the port is out of range.
    public init?(scheme: String, host: String, port: Int?) {
        let scheme = scheme.lowercased()
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        // Brackets only ever wrap a whole IPv6 literal; any left over make normalizing unstable.
        guard !scheme.isEmpty, !host.isEmpty, !host.contains(where: { $0 == "[" || $0 == "]" }) else { return nil }
        if let port, !(1...65535).contains(port) { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port == Self.defaultPort(of: scheme) ? nil : port
    }

    /// The origin of an origin or URL string; `nil` for opaque or host-less URLs.
    public init?(string: String) {
        guard let url = URL(string: string) else { return nil }
        self.init(url: url)
    }

    /// The origin of `url`; `nil` for opaque or host-less URLs.
    public init?(url: URL) {
        // `URL.host`, not `URLComponents.host`: the latter decodes an IDN host to Unicode
        // (`xn--bcher-kva.example` becomes `bücher.example`), which no ASCII origin rule and no
        // engine-reported origin would ever equal.
        guard let scheme = url.scheme, let host = url.host else { return nil }
        self.init(scheme: scheme, host: host, port: url.port)
    }

    /// Whether the origin is served over TLS.
    public var isSecure: Bool { scheme == "https" }

    /// `scheme://host[:port]`, with an IPv6 host in brackets.
    public var description: String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }

    /// 443 for `https`, 80 for `http`.
    static func defaultPort(of scheme: String) -> Int? {
        switch scheme {
        case "https": 443
        case "http": 80
        default: nil
        }
    }
}
