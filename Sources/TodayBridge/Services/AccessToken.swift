/// A bearer token. Its description and reflection are redacted, so it cannot end up in logs by
/// accident.
public struct AccessToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable
{
    /// The raw token, used for the session cookie. Never sent to a page.
    public let value: String
    /// The authorization scheme, `Bearer` by default.
    public let scheme: String
    /// The ready-to-use `Authorization` header value, such as `Bearer abc`: written once, with the
    /// token, not for every `headers` call.
    public let authorization: String

    /// Creates a token with its raw value and scheme.
    public init(_ value: String, scheme: String = "Bearer") {
        self.value = value
        self.scheme = scheme
        authorization = "\(scheme) \(value)"
    }

    public var description: String { "AccessToken(redacted)" }
    public var debugDescription: String { description }
    /// The scheme only: `dump` and `Mirror` show no part of the token.
    public var customMirror: Mirror { Mirror(self, children: ["scheme": scheme]) }
}
