/// How `track` events are checked before they reach the analytics sink (contract T1).
///
/// On by default. Event names and parameter keys must match `^[a-zA-Z][a-zA-Z0-9_]*$`; longer
/// than ``maxNameLength`` they are truncated. An event whose name is invalid or starts with a
/// reserved prefix is dropped; an invalid or reserved parameter key drops that parameter. At
/// most ``maxParameters`` parameters are kept (by key order); longer string values are truncated
/// to ``maxStringLength``. Every drop is reported as a diagnostic.
public struct TrackValidation: Sendable, Hashable {
    /// Whether validation runs at all.
    public var isEnabled: Bool
    /// Longest event name or parameter key, in characters. Default 40.
    public var maxNameLength: Int
    /// Most parameters kept. Default 25.
    public var maxParameters: Int
    /// Longest string value, in characters. Default 100.
    public var maxStringLength: Int
    /// Prefixes a page may not use for names or keys, such as `"app_"`. Default none.
    public var reservedPrefixes: [String]

    /// Creates a validation policy; every parameter has the documented default.
    public init(
        isEnabled: Bool = true,
        maxNameLength: Int = 40,
        maxParameters: Int = 25,
        maxStringLength: Int = 100,
        reservedPrefixes: [String] = []
    ) {
        self.isEnabled = isEnabled
        self.maxNameLength = maxNameLength
        self.maxParameters = maxParameters
        self.maxStringLength = maxStringLength
        self.reservedPrefixes = reservedPrefixes
    }
}
