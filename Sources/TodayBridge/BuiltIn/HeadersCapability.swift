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
        guard context.mayReceiveCredentials, let token = await tokens.currentToken() else { return headers(context, token: nil) }
        guard context.isCurrentDocument else { throw BridgeError.cancelled("the page went away") }
        return headers(context, token: token)
    }

    /// The surface's headers for the sender, with `token` as `Authorization` when there is one.
    private func headers(_ context: CapabilityContext, token: AccessToken?) -> [String: String] {
        var headers = context.trust.mayReceiveExtraHeaders ? context.surface?.extraHeaders ?? [:] : [:]
        headers["Authorization"] = token?.authorization
        return headers
    }
}

extension HeadersCapability: AnswersAtOnceWhenItCan {
    /// At once when the token provider knows the token now (``ImmediateTokenProvider``); else in a task.
    func answerAtOnce(_: Request, context: CapabilityContext) -> [String: String]? {
        guard let known = tokens.immediateToken else { return nil }
        guard context.mayReceiveCredentials, case .token(let token) = known else { return headers(context, token: nil) }
        return headers(context, token: token)
    }
}
