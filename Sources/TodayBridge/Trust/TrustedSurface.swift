/// A named set of web origins the host trusts, such as `feed`, `embed` or `auth` (contract S2).
///
/// A page is on the surface when its origin matches one of the rules and its path starts with
/// one of the path prefixes (any path when there are none). Origin rules use the grammar of
/// Android's `allowedOriginRules`; an invalid rule is refused here, never ignored.
///
/// ```swift
/// let feed = try TrustedSurface(
///     name: "feed",
///     origins: ["https://feed.example.com", "https://*.feed.example.com"],
///     pathPrefixes: ["/app/"],
///     extraHeaders: ["X-Client": "today-ios"]
/// )
/// ```
public struct TrustedSurface: Sendable, Hashable {
    /// The surface's name, reported in traces and in `track`'s `ctx`.
    public let name: String
    /// The origin rules a page must match.
    public let originRules: [OriginRule]
    /// Path prefixes the page's path must start with; empty means any path.
    public let pathPrefixes: [String]
    /// Non-secret headers `headers` adds for this surface, over HTTP too (contract T2).
    public let extraHeaders: [String: String]

    /// Creates a surface, refusing invalid origin rules and path prefixes.
    public init(
        name: String,
        origins: [String],
        pathPrefixes: [String] = [],
        extraHeaders: [String: String] = [:]
    ) throws(BridgeConfigurationError) {
        guard !name.isEmpty else {
            throw BridgeConfigurationError("a trusted surface needs a name")
        }
        guard !origins.isEmpty else {
            throw BridgeConfigurationError("trusted surface \"\(name)\" has no origin rules")
        }
        var rules: [OriginRule] = []
        for origin in origins {
            do {
                rules.append(try OriginRule(origin))
            } catch {
                throw BridgeConfigurationError("trusted surface \"\(name)\": \(error)")
            }
        }
        if let bad = pathPrefixes.first(where: { !$0.hasPrefix("/") }) {
            throw BridgeConfigurationError("trusted surface \"\(name)\": path prefix \"\(bad)\" must start with \"/\"")
        }
        self.name = name
        self.originRules = rules
        self.pathPrefixes = pathPrefixes
        self.extraHeaders = extraHeaders
    }

    /// Whether a page at `origin` with `path` is on this surface.
    public func contains(origin: SecurityOrigin, path: String) -> Bool {
        originRules.contains { $0.matches(origin) } && contains(path: path)
    }

    /// Whether a page of this surface at `origin` may hold a credential, by its scheme (S3):
    /// `https` always; an app's own scheme only when one of the surface's rules names it
    /// (`myapp://`), never through `*`, since the app's scheme handler serves that content itself;
    /// `http`, `file` and everything else never.
    package func admitsCredentials(at origin: SecurityOrigin) -> Bool {
        if origin.isSecure { return true }
        return origin.isAppScheme && originRules.contains { $0.names(origin) }
    }

    private func contains(path: String) -> Bool {
        guard !pathPrefixes.isEmpty else { return true }
        return pathPrefixes.contains { prefix in
            path == prefix || path.hasPrefix(prefix.hasSuffix("/") ? prefix : prefix + "/")
        }
    }
}
