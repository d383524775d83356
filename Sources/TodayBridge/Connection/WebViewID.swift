/// Identifies one web view's connection to a bridge, for as long as the bridge lives.
///
/// ``TodayBridge/connect(_:startingTasks:)`` numbers connections from 1; traces carry the
/// number, so a recording tells its web views apart (X5).
public struct WebViewID: Sendable, Hashable, CustomStringConvertible {
    /// A number that grows with each connection the bridge makes.
    public let number: UInt64

    /// Creates the identity of a connection by its number.
    package init(number: UInt64) {
        self.number = number
    }

    public var description: String { "webView#\(number)" }
}
