/// A configuration the bridge refuses, with a reason a developer can act on.
public struct BridgeConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in one sentence.
    public let reason: String

    /// Creates an error with its reason.
    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
