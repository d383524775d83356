/// Collapses concurrent token refreshes into one upstream refresh (contract T3).
///
/// The bridge routes every page's `refreshToken` through it; route the app's own 401 handling
/// through the same instance (``TodayBridge/tokens``) so that a page and the app refreshing at
/// once still cost one upstream call.
///
/// ```swift
/// // In the app's API client, on a 401:
/// let token = try await bridge.tokens.refresh()
/// request.setValue(token.authorization, forHTTPHeaderField: "Authorization")
/// ```
public final class TokenRefresher: Sendable {
    private let provider: any TokenProvider
    /// The provider, when it may know the token without waiting: cast once, not per `headers`.
    private let immediateProvider: (any ImmediateTokenProvider)?
    private let inFlight = Locked<Task<AccessToken, any Error>?>(nil)
    private let waiting = Locked(0)

    /// Creates a refresher over the app's token provider.
    public init(provider: any TokenProvider) {
        self.provider = provider
        immediateProvider = provider as? any ImmediateTokenProvider
    }

    /// The current token, or `nil` when logged out.
    public func currentToken() async -> AccessToken? {
        await provider.currentToken()
    }

    /// The current token when the provider knows it without waiting (``ImmediateTokenProvider``).
    package var immediateToken: ImmediateToken? {
        immediateProvider?.immediateToken
    }

    /// A fresh token: joins the refresh in flight, or starts one.
    ///
    /// Cancelling one caller does not cancel the shared refresh.
    public func refresh() async throws -> AccessToken {
        let task = inFlight.withLock { current in
            if let current { return current }
            let started = Task { [provider] in try await provider.refreshToken() }
            current = started
            return started
        }
        waiting.withLock { $0 += 1 }
        defer {
            waiting.withLock { $0 -= 1 }
            inFlight.withLock { current in
                if current == task { current = nil }
            }
        }
        return try await task.value
    }

    /// Callers currently awaiting a refresh; lets tests know every caller has joined.
    @_spi(Tools) public var waiterCount: Int {
        waiting.withLock { $0 }
    }
}
