/// Why JSON text, or a Foundation value meant as JSON, was refused.
public struct JSONParseError: Error, Hashable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: String, Sendable, Hashable {
        /// The text is longer than ``JSONLimits/maxBytes``.
        case tooLarge
        /// Arrays and objects nest deeper than ``JSONLimits/maxDepth``.
        case tooDeep
        /// The text is not JSON, or a Foundation value holds something JSON cannot express.
        case invalid
    }

    /// What kind of failure this is.
    public let code: Code
    /// The UTF-8 offset where the problem was found.
    public let offset: Int

    /// A failure of `code` at UTF-8 offset `offset`: what an adapter's conversion of its engine's
    /// own form throws (``PageMessage/converted(_:)``), at offset 0 where it has no text.
    public init(code: Code, offset: Int) {
        self.code = code
        self.offset = offset
    }

    public var description: String {
        switch code {
        case .tooLarge: "JSON text is larger than the limit"
        case .tooDeep: "JSON nesting is deeper than the limit (at byte \(offset))"
        case .invalid: "invalid JSON at byte \(offset)"
        }
    }
}
