import TodayBridge

/// A token provider for trying pages: a fixed token, and a new value on every refresh
/// (`VALUE-1`, `VALUE-2`, ...).
package actor StaticTokenProvider: TokenProvider {
    private let base: String?
    private var refreshes = 0

    package init(token: String?) {
        base = token
    }

    package func currentToken() async -> AccessToken? {
        guard let base else { return nil }
        return AccessToken(refreshes == 0 ? base : "\(base)-\(refreshes)")
    }

    package func refreshToken() async throws -> AccessToken {
        guard let base else { throw BridgeError.failed("no session") }
        refreshes += 1
        return AccessToken("\(base)-\(refreshes)")
    }
}
