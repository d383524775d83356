/// `headers`: headers for the page's own `fetch` (T2).
///
/// `Authorization` only under S3 (HTTPS, trusted surface, live session); the surface's
/// non-secret extra headers on a surface match, over HTTP too; `{}` otherwise.
struct HeadersCapability: BuiltInCapability {
    typealias Request = NoFields

    static let type = "headers"
    static let access = CapabilityAccess.mainFrame
    static let summary: String? = "headers for the page's own requests"

    let tokens: TokenRefresher

    func handle(_: Request, context: CapabilityContext) async throws -> HeaderFields {
        guard context.mayReceiveCredentials, let token = await tokens.currentToken() else {
            return headers(context, token: nil)
        }
        guard context.isCurrentDocument else { throw BridgeError.cancelled("the page went away") }
        return headers(context, token: token)
    }

    /// The surface's headers for the sender, with `token` as `Authorization` when there is one.
    private func headers(_ context: CapabilityContext, token: AccessToken?) -> HeaderFields {
        let extra = context.trust.mayReceiveExtraHeaders ? context.surface?.extraHeaders ?? [:] : [:]
        // Usually the one field: one dictionary, made from a literal.
        if extra.isEmpty, let token { return HeaderFields(fields: ["Authorization": .string(token.authorization)]) }
        var fields = extra.mapValues(JSONValue.string)
        fields["Authorization"] = token.map { .string($0.authorization) }
        return HeaderFields(fields: fields)
    }
}

/// `headers`' result, `Record<string, string>` for the page: its fields kept as the JSON values the
/// page receives, so that one answered at once is written without a second dictionary.
struct HeaderFields: Codable, Sendable, BridgeShaped, JSONValueWritable {
    var fields: [String: JSONValue]

    init(fields: [String: JSONValue]) {
        self.fields = fields
    }

    init(from decoder: any Decoder) throws {
        fields = try [String: String](from: decoder).mapValues(JSONValue.string)
    }

    func encode(to encoder: any Encoder) throws {
        try fields.encode(to: encoder)
    }

    var jsonValue: JSONValue { .object(fields) }

    static let bridgeShape = TypeShape.record(.string)
    static let bridgePlaceholder = HeaderFields(fields: [:])
}

extension HeadersCapability {
    /// At once when the token provider knows the token now (``ImmediateTokenProvider``); else in a task.
    func answerAtOnce(_: ParsedMessage, context: CapabilityContext) -> CapabilityAnswer {
        guard let known = tokens.immediateToken else { return .later }
        guard context.mayReceiveCredentials, case .token(let token) = known else {
            return .now(headers(context, token: nil).jsonValue)
        }
        return .now(headers(context, token: token).jsonValue)
    }
}
