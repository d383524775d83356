#if os(Linux)
import CWebKitGTK
import Foundation

/// The view's content process ended, as WebKit handles it (`WebProcessProxy::processDidTerminateOrFailedToLaunch`,
/// `Source/WebKit/UIProcess/WebProcessProxy.cpp`): the page's load state is reset
/// (`WebPageProxy::resetStateAfterProcessExited`, `PageLoadState::reset`), the navigation delegate
/// is told, or, when it does not handle it, WebKit reloads the page itself
/// (``ContentProcessLifecycle``); then the load state commits, so ``url`` (and its observers)
/// reads `nil` unless a load started meanwhile, a reload included. WebKitGTK tells every
/// termination as handled (`NavigationClient::processDidTerminate` in
/// `Source/WebKit/UIProcess/API/glib/WebKitNavigationClient.cpp`) and never reloads: the emulation
/// does what WebKit does.
extension WKWebView {
    /// WebKitGTK's `web-process-terminated`.
    func contentProcessTerminated(_ reason: WebKitWebProcessTerminationReason) {
        let pendingRequest = pendingAPIRequestURL
        let loads = loadsStarted
        terminationHandledByClient = true
        dispatchingTermination = true
        if let navigationDelegate {
            navigationDelegate.webViewWebContentProcessDidTerminate(self)
        } else {
            terminationHandledByClient = false
        }
        dispatchingTermination = false
        if contentProcessLifecycle.processTerminated(
            Self.reason(reason), handledByClient: terminationHandledByClient, viewIsVisible: isInWindow)
        {
            reloadAfterProcessTermination(loading: pendingRequest)
        }
        if loadsStarted == loads {
            isContentProcessGone = true
            pendingAPIRequestURL = nil
            uncommittedURL = nil
        }
        urlMayHaveChanged()
    }

    /// What the navigation delegate's default `webViewWebContentProcessDidTerminate(_:)` does: it
    /// stands for a delegate without the method, which WebKit tells nothing
    /// (`NavigationState::NavigationClient::processDidTerminate` returns `false`).
    func navigationDelegateDidNotHandleTermination() {
        if dispatchingTermination { terminationHandledByClient = false }
    }

    /// The view became visible: the reload a termination left for then, dispatched after the change
    /// (`WebPageProxy::activityStateDidChange`).
    func viewBecameVisible() {
        guard contentProcessLifecycle.viewBecameVisible() else { return }
        Task { @MainActor [weak self] in self?.reloadAfterProcessTermination(loading: nil) }
    }

    /// A main-frame load finished: the count of recent terminations resets after WebKit's delay
    /// (`WebPageProxy::resetRecentCrashCountSoon`).
    func scheduleRecentCrashCountReset() {
        recentCrashCountReset?.cancel()
        recentCrashCountReset = Task { @MainActor [weak self] in
            try? await Task.sleep(for: ContentProcessLifecycle.resetRecentCrashCountDelay)
            guard !Task.isCancelled else { return }
            self?.contentProcessLifecycle.resetRecentCrashCount()
        }
    }

    /// `tryReloadAfterProcessTermination`'s load: the app's request not yet started, if any, else
    /// the page again.
    private func reloadAfterProcessTermination(loading pendingRequest: URL?) {
        recentCrashCountReset?.cancel()
        if let pendingRequest { load(URLRequest(url: pendingRequest)) } else { reload() }
    }

    private static func reason(_ reason: WebKitWebProcessTerminationReason) -> ContentProcessLifecycle.Reason {
        switch reason {
        case WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT: .exceededMemoryLimit
        case WEBKIT_WEB_PROCESS_TERMINATED_BY_API: .requestedByClient
        default: .crash
        }
    }
}
#endif
