/// Why an origin rule was refused (contract S2).
public struct OriginRuleError: Error, Hashable, CustomStringConvertible {
    /// The rule as written.
    public let rule: String
    /// A sentence saying what is wrong with it.
    public let reason: String

    public var description: String { "invalid origin rule \"\(rule)\": \(reason)" }
}
