/// Bounds on the JSON text the bridge accepts from a page (contract X7).
public struct JSONLimits: Sendable, Hashable {
    /// The largest text, in UTF-8 bytes.
    public var maxBytes: Int
    /// The deepest nesting of arrays and objects; a top-level object is depth 1.
    public var maxDepth: Int

    /// Creates limits.
    public init(maxBytes: Int, maxDepth: Int) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }

    /// 8 MiB and 64 levels.
    public static let `default` = JSONLimits(maxBytes: 8 << 20, maxDepth: 64)
}
