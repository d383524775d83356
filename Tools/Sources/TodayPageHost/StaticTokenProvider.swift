import TodayBridge
import ToolSupport

/// A token provider for trying pages: a fixed token, and a new value on every refresh
/// (`VALUE-1`, `VALUE-2`, ...).
///
/// It holds its state under a lock rather than in an actor: `currentToken()` then returns
/// without leaving the thread that asked, as an app's provider that holds its token should.
package final class StaticTokenProvider: TokenProvider {
    private let base: String?
    private let refreshes = Locked(0)

    package init(token: String?) {
        base = token
    }

    package func currentToken() async -> AccessToken? {
        guard let base else { return nil }
        let count = refreshes.withLock { $0 }
        return AccessToken(count == 0 ? base : "\(base)-\(count)")
    }

    package func refreshToken() async throws -> AccessToken {
        guard let base else { throw BridgeError.failed("no session") }
        let count = refreshes.withLock { count in
            count += 1
            return count
        }
        return AccessToken("\(base)-\(count)")
    }
}
