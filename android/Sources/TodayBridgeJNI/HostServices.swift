import Synchronization
@_spi(Adapters) import TodayBridge
import TodayBridgeAndroidWire

/// The app's token service and analytics sink, answered by the Kotlin host (T1, T3). A token the
/// app pushed (`NativeBridge.setToken`) is answered at once, without asking the host; a refresh
/// keeps the token it returns.
final class HostServices: ImmediateTokenProvider, AnalyticsSink {
    let channel: HostChannel
    /// The token the app pushed, while it pushes: `nil` until its first push.
    private let pushed = Mutex<PushedToken?>(nil)

    init(channel: HostChannel) {
        self.channel = channel
    }

    /// The app's current token, pushed (`nil` when logged out); from now on it is not asked for.
    func push(_ token: AccessToken?) {
        pushed.withLock { $0 = PushedToken(token: token) }
    }

    /// The pushed token: `headers` is answered from it at once (T2).
    var immediateToken: ImmediateToken? {
        pushed.withLock { $0 }.map { $0.token.map(ImmediateToken.token) ?? .loggedOut }
    }

    func currentToken() async -> AccessToken? {
        if let pushed = pushed.withLock({ $0 }) { return pushed.token }
        // A host that cannot answer counts as logged out: no credential is better than a wrong one.
        return try? await token(from: channel.call(.currentToken))
    }

    func refreshToken() async throws -> AccessToken {
        guard let token = try await token(from: channel.call(.refreshToken)) else {
            throw HostServiceError.unreadable("the host refreshed to no token")
        }
        pushed.withLock { current in
            if current != nil { current = PushedToken(token: token) }
        }
        return token
    }

    func userID() async -> String? {
        guard case .string(let id)? = try? await channel.call(.userID) else { return nil }
        return id
    }

    func record(_ event: AnalyticsEvent) async throws {
        try await record([event])
    }

    func record(_ events: [AnalyticsEvent]) async throws {
        _ = try await channel.call(.recordEvents, utf8: RecordEventsArguments(events: events).jsonUTF8)
    }

    private func token(from answer: JSONValue?) throws -> AccessToken? {
        guard let answer, answer != .null else { return nil }
        do {
            let token = try JSONValueDecoder().decode(HostToken.self, from: answer)
            return AccessToken(token.value, scheme: token.scheme ?? "Bearer")
        } catch {
            throw HostServiceError.unreadable("a token is {\"value\",\"scheme\"}: \(error)")
        }
    }
}

/// A token the app pushed: `nil` when it said it is logged out.
private struct PushedToken {
    var token: AccessToken?
}
