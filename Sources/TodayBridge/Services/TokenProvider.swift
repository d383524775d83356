/// The app's session: the current token and a way to get a new one.
///
/// The bridge never calls ``refreshToken()`` directly more than once at a time: every refresh,
/// from pages and from the app's own API client, goes through ``TokenRefresher`` (contract T3).
public protocol TokenProvider: Sendable {
    /// The current token, or `nil` when logged out.
    ///
    /// Called for every `headers` message, on the thread the adapter runs capabilities on. A
    /// provider that holds its token under a lock (or on that thread's actor) answers without a
    /// thread hop; one that is an actor of its own costs two thread wakes per call.
    func currentToken() async -> AccessToken?
    /// Fetches a new token from upstream; throws when that fails or there is no session.
    func refreshToken() async throws -> AccessToken
}
