/// A token provider that may know the current token without waiting: a host whose app pushes its
/// token to the bridge (Android's `TodayBridge.updateToken`). While it knows it, `headers` is
/// answered at once, on the thread that received the message, without a task (T2).
@_spi(Adapters) public protocol ImmediateTokenProvider: TokenProvider {
    /// The current token, when known now; `nil` when ``TokenProvider/currentToken()`` must be awaited.
    var immediateToken: ImmediateToken? { get }
}

/// What an ``ImmediateTokenProvider`` knows now.
@_spi(Adapters) public enum ImmediateToken: Sendable {
    case loggedOut
    case token(AccessToken)
}
