import TodayBridge

/// A web view that records what the core delivers to it and the cookies it mints: the
/// `BridgeWebView` of ``BridgeTestHost``, usable on its own to test an adapter-less setup.
public final class RecordingWebView: BridgeWebView {
    private let recorded = Locked<(deliveries: [PageDelivery], scripts: [String], cookies: [BridgeCookie])>(
        ([], [], []))
    private let cookieFailure: (any Error)?

    /// Creates a web view; with `failingCookies`, every `setCookie` throws it.
    public init(failingCookies cookieFailure: (any Error)? = nil) {
        self.cookieFailure = cookieFailure
    }

    public func deliver(_ delivery: PageDelivery) async throws {
        recorded.withLock { $0.deliveries.append(delivery) }
    }

    public func evaluateInMainFrame(_ script: String) async throws {
        recorded.withLock { $0.scripts.append(script) }
    }

    public func setCookie(_ cookie: BridgeCookie) async throws {
        if let cookieFailure { throw cookieFailure }
        recorded.withLock { $0.cookies.append(cookie) }
    }

    /// Every delivery, oldest first.
    public var deliveries: [PageDelivery] { recorded.withLock { $0.deliveries } }
    /// Every script run in the main frame, oldest first.
    public var scripts: [String] { recorded.withLock { $0.scripts } }
    /// Every cookie minted so far.
    public var cookies: [BridgeCookie] { recorded.withLock { $0.cookies } }
}
