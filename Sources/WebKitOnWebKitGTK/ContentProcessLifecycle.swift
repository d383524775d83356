#if os(Linux)
/// What WebKit does itself when a web view's content process ends and the app's navigation
/// delegate does not handle it (no `webViewWebContentProcessDidTerminate(_:)`): the rules of
/// `Source/WebKit/UIProcess/WebPageProxy.cpp`, as a value that takes each event and says whether
/// to reload now. ``WKWebView`` runs it.
///
/// - `dispatchProcessDidTerminate`: for a crash or a process over its memory limit
///   (`shouldReloadAfterProcessTermination`; not for one the app ended), reload at once if the view
///   is visible, else when it becomes visible (`m_shouldReloadDueToCrashWhenVisible`, which
///   `activityStateDidChange` acts on, and `launchProcess` clears).
/// - `tryReloadAfterProcessTermination`: at most `maximumWebProcessRelaunchAttempts` (1) reload
///   until the count is reset; past it, no reload, and the count starts over.
/// - `resetRecentCrashCountSoon`: the count resets `resetRecentCrashCountDelay` (30 s) after the
///   main frame finished a load.
package struct ContentProcessLifecycle: Sendable {
    /// Why the process ended, as WebKitGTK tells it (`WebKitWebProcessTerminationReason`).
    package enum Reason: Sendable {
        /// `ProcessTerminationReason::Crash` (WebKitGTK's `CRASHED`).
        case crash
        /// `ProcessTerminationReason::ExceededMemoryLimit`.
        case exceededMemoryLimit
        /// `ProcessTerminationReason::RequestedByClient`: the app ended it (WebKitGTK's `TERMINATED_BY_API`).
        case requestedByClient

        /// `shouldReloadAfterProcessTermination`.
        var reloads: Bool { self != .requestedByClient }
    }

    /// `maximumWebProcessRelaunchAttempts`.
    package static let maximumRelaunchAttempts = 1
    /// `resetRecentCrashCountDelay`.
    package static let resetRecentCrashCountDelay: Duration = .seconds(30)

    /// `m_recentCrashCount`.
    package private(set) var recentCrashCount = 0
    /// `m_shouldReloadDueToCrashWhenVisible`.
    package private(set) var reloadsWhenVisible = false

    package init() {}

    /// The process ended for `reason`; returns whether to reload now.
    package mutating func processTerminated(_ reason: Reason, handledByClient: Bool, viewIsVisible: Bool) -> Bool {
        guard !handledByClient, reason.reloads else { return false }
        guard viewIsVisible else {
            reloadsWhenVisible = true
            return false
        }
        return tryReload()
    }

    /// The view became visible; returns whether to reload now.
    package mutating func viewBecameVisible() -> Bool {
        guard reloadsWhenVisible else { return false }
        reloadsWhenVisible = false
        return tryReload()
    }

    /// A load started a new process for the page (`launchProcess`).
    package mutating func processLaunched() {
        reloadsWhenVisible = false
    }

    /// The count's delay passed after a finished load.
    package mutating func resetRecentCrashCount() {
        recentCrashCount = 0
    }

    private mutating func tryReload() -> Bool {
        recentCrashCount += 1
        guard recentCrashCount <= Self.maximumRelaunchAttempts else {
            recentCrashCount = 0
            return false
        }
        return true
    }
}
#endif
