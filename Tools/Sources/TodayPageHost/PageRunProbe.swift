import TodayBridge
import ToolSupport

/// What the app's side of a page run tells the page about itself, for the end-to-end suites: the
/// `deliveries` test capability answers with what the WebKitGTK view delivered to the page and
/// which way (through the web process extension, the bytes beside the text, or as scripts), as
/// the runner that shows the page reads it. Other engines tell nothing: the capability answers
/// `null`.
package final class PageRunProbe: Sendable {
    private let read = Locked<(@Sendable () async -> JSONValue)?>(nil)

    package init() {}

    /// The runner's way to read its view's deliveries; set once it installed the bridge.
    package func whenAsked(_ read: @escaping @Sendable () async -> JSONValue) {
        self.read.withLock { $0 = read }
    }

    /// The view's deliveries, or `null` where the runner tells none.
    package func deliveries() async -> JSONValue {
        guard let read = read.withLock({ $0 }) else { return .null }
        return await read()
    }
}
