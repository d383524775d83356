/// The result of a capability that resolves `undefined`.
///
/// ```swift
/// try bridge.register("vibrate", access: .anyFrame) { (_: Empty, _) in
///     haptics.play()
///     return NoResult()
/// }
/// ```
public struct NoResult: Codable, Sendable, Hashable {
    /// The only value.
    public init() {}
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws {}
}
