#if os(Linux)
import CWebKitGTK

/// Whether the view is in a window on screen. On iOS a web view is visible only in a window
/// (`WebPageProxy::isViewVisible`, `ActivityState::IsVisible`, `Source/WebKit/UIProcess/WebPageProxy.cpp`):
/// outside one, its page is hidden (`document.visibilityState` is `hidden`, timers are throttled,
/// animation frames stop), WebKit drops the foreground assertion it holds for a visible view
/// (`updateThrottleState`), so the system may suspend its content process between the scripts the
/// app runs (`runJavaScriptInFrameInScriptWorld` takes a foreground activity for each), and a
/// content process that ended is reloaded only when the view becomes visible
/// (``ContentProcessLifecycle``).
///
/// Over WebKitGTK the view's own window is the screen: out of it, WebKitGTK's same
/// `WebPageProxy` hides the page. The emulation never suspends the content process itself
/// (WebKitGTK keeps it running): a test stops it with `SIGSTOP` as the system would.
extension WKWebView {
    /// Not Apple's API: stands for UIKit placing the view in a window (`UIView.window`), which
    /// the app does (`addSubview`, `removeFromSuperview`). A view starts in one, as the views an
    /// app shows are.
    package var isInWindow: Bool {
        get { inWindow }
        set {
            guard newValue != inWindow else { return }
            inWindow = newValue
            gtk_widget_set_visible(window, newValue ? 1 : 0)
            MainThreadLoop.wake()
            if newValue { viewBecameVisible() }
        }
    }
}
#endif
