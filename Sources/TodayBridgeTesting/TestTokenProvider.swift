import TodayBridge

/// A token provider for tests: a current token, numbered refreshes, and refreshes a test can hold open.
///
/// Each refresh returns `"<prefix>-<n>"` with `n` counting upstream refreshes, so a test can
/// prove coalescing by counting: ``refreshCount``.
public final class TestTokenProvider: TokenProvider {
    private struct State {
        var current: AccessToken?
        var refreshCount = 0
        var isHolding = false
        var held: [CheckedContinuation<Void, Never>] = []
        var failsRefresh = false
    }

    private let state: Locked<State>
    private let prefix: String

    /// Creates a provider; `token: nil` is a logged-out session.
    public init(token: String? = "token-0", prefix: String = "token") {
        state = Locked(State(current: token.map { AccessToken($0) }))
        self.prefix = prefix
    }

    /// Upstream refreshes performed so far.
    public var refreshCount: Int { state.withLock { $0.refreshCount } }

    /// Makes refreshes fail (with a non-bridge error) from now on.
    public func failRefreshes() { state.withLock { $0.failsRefresh = true } }

    /// Holds every refresh open until ``release()``.
    public func hold() { state.withLock { $0.isHolding = true } }

    /// Lets held refreshes finish.
    public func release() {
        let held = state.withLock { state in
            state.isHolding = false
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    /// Refreshes waiting in ``hold()``.
    public var heldCount: Int { state.withLock { $0.held.count } }

    public func currentToken() async -> AccessToken? {
        state.withLock { $0.current }
    }

    public func refreshToken() async throws -> AccessToken {
        await withCheckedContinuation { continuation in
            let waits: Bool = state.withLock { state in
                if state.isHolding { state.held.append(continuation) }
                return state.isHolding
            }
            if !waits { continuation.resume() }
        }
        return try state.withLock { state in
            state.refreshCount += 1
            if state.failsRefresh { throw TestProviderError.refreshFailed }
            let token = AccessToken("\(prefix)-\(state.refreshCount)")
            state.current = token
            return token
        }
    }
}

/// The error a failing ``TestTokenProvider`` throws.
public enum TestProviderError: Error {
    case refreshFailed
}
