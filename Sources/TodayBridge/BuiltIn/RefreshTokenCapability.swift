/// `refreshToken`: a fresh `Authorization` value after a 401, through the single-flight refresher (T3).
struct RefreshTokenCapability: BuiltInCapability {
    typealias Request = NoFields
    struct Result: Codable, Sendable {
        /// The ready-to-use header value, never the raw token.
        var authorization: String
    }

    static let type = "refreshToken"
    static let access = CapabilityAccess.trustedSurface
    static let summary: String? = "a fresh authorization after a 401"

    let tokens: TokenRefresher
    let observer: BridgeObserver

    func handle(_: Request, context: CapabilityContext) async throws -> Result {
        let token: AccessToken
        do {
            token = try await tokens.refresh()
        } catch {
            observer.report(.refreshFailed, "token refresh failed: \(Swift.type(of: error))", type: Self.type)
            throw BridgeError.failed("token refresh failed", recoverable: true)
        }
        guard context.isCurrentDocument else { throw BridgeError.cancelled("the page went away") }
        return Result(authorization: token.authorization)
    }
}
