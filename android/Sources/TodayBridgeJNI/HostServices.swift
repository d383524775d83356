import TodayBridge

/// The app's token service and analytics sink, answered by the Kotlin host (T1, T3).
struct HostServices: TokenProvider, AnalyticsSink {
    let channel: HostChannel

    func currentToken() async -> AccessToken? {
        // A host that cannot answer counts as logged out: no credential is better than a wrong one.
        try? await token(from: channel.call(.currentToken))
    }

    func refreshToken() async throws -> AccessToken {
        guard let token = try await token(from: channel.call(.refreshToken)) else {
            throw HostServiceError.failed("the host refreshed to no token")
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
        let encoded = try JSONValueEncoder().encode(events) ?? .array([])
        _ = try await channel.call(.recordEvents, .object(["events": encoded]))
    }

    private func token(from answer: JSONValue?) throws -> AccessToken? {
        guard let answer, answer != .null else { return nil }
        do {
            return try JSONValueDecoder().decode(HostToken.self, from: answer).accessToken
        } catch {
            throw HostServiceError.unreadable("a token is {\"value\",\"scheme\"}: \(error)")
        }
    }
}
