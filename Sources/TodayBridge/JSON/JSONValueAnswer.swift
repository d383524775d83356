/// A capability's result that is a JSON value or nothing (`undefined`), decided at run time.
///
/// The bridge answers the page with ``answer`` itself: a value, or `undefined` when it is `nil`
/// (``NoResult`` always answers `undefined`). Return one when the answer is already JSON, such
/// as what a host in another language computed for the app (the Android library's capabilities):
///
/// ```swift
/// struct CachedProfile: Codable, Sendable, JSONValueAnswer {
///     var answer: JSONValue?   // nil: the page's promise resolves `undefined`
/// }
///
/// try bridge.register("cachedProfile", access: .mainFrame) { (_: NoResult, _) in
///     CachedProfile(answer: profileCache["current"])
/// }
/// ```
public protocol JSONValueAnswer {
    /// The answer: a JSON value, or `nil` for `undefined`.
    var answer: JSONValue? { get }
}

extension NoResult: JSONValueAnswer {
    /// Always `nil`: a capability that returns nothing answers `undefined`.
    public var answer: JSONValue? { nil }
}
