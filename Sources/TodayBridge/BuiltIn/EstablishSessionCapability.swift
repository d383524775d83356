/// `establishSession`: mints the `embed_bearer` session cookie into the web view's own store (T4).
///
/// Resolves `{ ok: true }` once the cookie is stored, `{ ok: false }` on any failure (a page of
/// the app's own scheme included: the cookie is for an https host); never rejects and never
/// returns the bearer.
struct EstablishSessionCapability: BuiltInCapability {
    struct Request: Codable, Sendable {
        /// Refresh the token (coalesced, T3) before minting.
        var refresh: Bool?
    }
    struct Result: Codable, Sendable {
        var ok: Bool
    }

    static let type = "establishSession"
    static let access = CapabilityAccess.trustedSurface
    static let summary: String? = "mints the session cookie"
    static let cookieName = "embed_bearer"
    static let cookiePath = "/api/"

    let tokens: TokenRefresher
    let observer: BridgeObserver

    func handle(_ request: Request, context: CapabilityContext) async throws -> Result {
        // A cookie is for an https host: an app's own scheme has no HTTP server to send it to.
        guard let origin = context.sender.mainDocumentURL.flatMap(PageLocation.init(url:))?.origin, origin.isSecure
        else {
            return Result(ok: false)
        }
        let host = origin.host
        let token = request.refresh == true ? try await tokens.refresh() : await tokens.currentToken()
        guard let token, context.isCurrentDocument else { return Result(ok: false) }
        let cookie = BridgeCookie(
            name: Self.cookieName, value: token.value, domain: host, path: Self.cookiePath,
            isSecure: true, isHTTPOnly: true
        )
        do {
            try await context.connection.setCookie(cookie)
        } catch {
            observer.report(
                .cookieFailed, "could not store the session cookie: \(Swift.type(of: error))", type: Self.type)
            return Result(ok: false)
        }
        return Result(ok: true)
    }

    /// `{ ok: false }`: its contract forbids rejecting (T4).
    static func failureReply(for _: BridgeError) -> BridgeReply {
        .value(["ok": false])
    }
}
