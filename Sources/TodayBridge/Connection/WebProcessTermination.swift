/// Why a web view's content process ended, as the engine reports it
/// (``BridgeConnection/webProcessDidTerminate(_:)``).
public enum WebProcessTermination: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The process crashed (WebKitGTK's `CRASHED`; Android's `didCrash()`).
    case crashed
    /// The system killed it, usually for memory (Android's `didCrash()` false).
    case killed
    /// It went over the engine's memory limit (WebKitGTK's `EXCEEDED_MEMORY_LIMIT`).
    case exceededMemoryLimit
    /// The app ended it (WebKitGTK's `TERMINATED_BY_API`).
    case terminatedByApp
    /// The engine gives no reason (WKWebView).
    case unknown

    public var description: String { rawValue }
}
