import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TodayBridge

/// A token provider backed by a token endpoint: `POST BASE/issue` for the first token and
/// `POST BASE/refresh` for each refresh, both answering `{"token": "..."}`.
actor EndpointTokenProvider: TokenProvider {
    private let base: URL
    private let firstTokenLifetime: Double?
    private var token: String?

    /// - Parameter firstTokenLifetime: Ask for a first token that expires this soon (0: already
    ///   expired, so the page's first API call gets a 401).
    init(base: URL, firstTokenLifetime: Double? = nil) {
        self.base = base
        self.firstTokenLifetime = firstTokenLifetime
    }

    func currentToken() async -> AccessToken? {
        if token == nil {
            var issue = base.appendingPathComponent("issue")
            if let firstTokenLifetime {
                issue = URL(string: issue.absoluteString + "?ttl=\(firstTokenLifetime)")!
            }
            token = try? await fetchToken(issue)
        }
        return token.map { AccessToken($0) }
    }

    func refreshToken() async throws -> AccessToken {
        let fresh = try await fetchToken(base.appendingPathComponent("refresh"))
        token = fresh
        return AccessToken(fresh)
    }

    private func fetchToken(_ url: URL) async throws -> String {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200,
            let token = try JSONValue(parsing: String(decoding: data, as: UTF8.self))["token"]?.stringValue
        else { throw BridgeError.failed("the token endpoint refused") }
        return token
    }
}
