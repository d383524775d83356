/// `headers`: headers for the page's own `fetch` (T2).
///
/// `Authorization` only under S3 (HTTPS, trusted surface, live session); the surface's
/// non-secret extra headers on a surface match, over HTTP too; `{}` otherwise.
struct HeadersCapability: BridgeCapability {
    typealias Request = NoFields

    static let type = "headers"
    static let access = CapabilityAccess.mainFrame
    static let summary: String? = "headers for the page's own requests"

    let tokens: TokenRefresher

    func handle(_: Request, context: CapabilityContext) async throws -> [String: String] {
        var headers = context.trust.mayReceiveExtraHeaders ? context.surface?.extraHeaders ?? [:] : [:]
        if context.mayReceiveCredentials, let token = await tokens.currentToken() {
            guard context.isCurrentDocument else { throw BridgeError.cancelled("the page went away") }
            headers["Authorization"] = token.authorization
        }
        return headers
    }
}
