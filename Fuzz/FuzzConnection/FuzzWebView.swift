import FuzzSupport
import Synchronization
import TodayBridge

/// The web view's side of the harness: the native calls delivered to the page, in order (the
/// program answers them by index), and the cookies the core stores, each checked as it comes.
final class FuzzWebView: BridgeWebView {
    private let calls = Mutex<[String]>([])
    private let onCookie: @Sendable (BridgeCookie) -> Void

    init(onCookie: @escaping @Sendable (BridgeCookie) -> Void) {
        self.onCookie = onCookie
    }

    /// The ids of the native calls delivered so far, oldest first.
    var deliveredCallIDs: [String] { calls.withLock { $0 } }

    func deliver(_ delivery: PageDelivery) async throws {
        if case .call(let id, _, _) = delivery { calls.withLock { $0.append(id) } }
    }

    func evaluateInMainFrame(_ script: String) async throws {}

    func setCookie(_ cookie: BridgeCookie) async throws {
        onCookie(cookie)
    }
}
