import Foundation

/// Issues and checks the demo backend's short-lived bearer tokens, and counts refreshes.
actor TokenIssuer {
    private var expiries: [String: Date] = [:]
    private var issued = 0
    /// How many times `/token/refresh` was called.
    private(set) var refreshCount = 0
    /// How long each refresh takes, to test navigations during one.
    var refreshDelay: Duration = .zero

    /// A new token that expires after `lifetime` seconds (0: already expired).
    func issue(lifetime: Double) -> String {
        issued += 1
        let token = "demo-\(issued)-\(UUID().uuidString.prefix(8).lowercased())"
        expiries[token] = Date().addingTimeInterval(lifetime)
        return token
    }

    /// A new token after a refresh.
    func refresh(lifetime: Double) async throws -> String {
        refreshCount += 1
        if refreshDelay > .zero { try await Task.sleep(for: refreshDelay) }
        return issue(lifetime: lifetime)
    }

    /// Expires every token issued so far.
    func expireAll() {
        let now = Date()
        for token in expiries.keys { expiries[token] = now }
    }

    func setRefreshDelay(_ delay: Duration) {
        refreshDelay = delay
    }

    /// Whether `token` was issued here and has not expired.
    func isValid(_ token: String) -> Bool {
        expiries[token].map { $0 > Date() } ?? false
    }
}
