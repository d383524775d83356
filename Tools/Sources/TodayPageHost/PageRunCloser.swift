import TodayBridge
import ToolSupport

/// Lets the app's side end a page run, as an app dismisses its web view: the `closeView` test
/// capability closes it through the runner that showed the page. A page that navigated cannot
/// `window.close()` itself (engines refuse a window with history), so pages that walk through
/// history end their run this way.
package final class PageRunCloser: Sendable {
    private let close = Locked<(@Sendable () -> Void)?>(nil)

    package init() {}

    /// The runner's way to end its run; set once it shows the page.
    package func whenClosed(_ action: @escaping @Sendable () -> Void) {
        close.withLock { $0 = action }
    }

    /// Ends the run as if the page had closed itself.
    package func closeView() {
        close.withLock { $0 }?()
    }
}
