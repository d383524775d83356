import FuzzSupport
import Synchronization
import TodayBridge

/// The app's token service as the program drives it: a token or a logged-out session, refreshes
/// that succeed or fail, and a gate that holds every token request open.
final class FuzzTokens: TokenProvider {
    private struct State {
        var current: String? = "tok-0"
        var refreshes = 0
        var failsRefresh = false
    }

    private let state = Mutex(State())
    let gate = Gate()

    /// The prefix of every token value: a reply or a cookie holding it holds a credential.
    static let prefix = "tok-"

    func logOut() { state.withLock { $0.current = nil } }
    func failRefreshes(_ fails: Bool) { state.withLock { $0.failsRefresh = fails } }

    func currentToken() async -> AccessToken? {
        await gate.pass()
        return state.withLock { $0.current.map { AccessToken($0) } }
    }

    func refreshToken() async throws -> AccessToken {
        await gate.pass()
        return try state.withLock { state in
            if state.failsRefresh { throw FuzzTokenError.refreshFailed }
            state.refreshes += 1
            let token = "\(Self.prefix)\(state.refreshes)"
            state.current = token
            return AccessToken(token)
        }
    }
}

enum FuzzTokenError: Error {
    case refreshFailed
}
