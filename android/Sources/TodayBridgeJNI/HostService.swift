import TodayBridge

/// What the core asks of the Kotlin host, by the name `NativeHost.service` receives. Arguments
/// and results are JSON, as UTF-8.
enum HostService: String, Sendable {
    /// The current token: no arguments; answers `{"value","scheme"}` or `null` when logged out.
    case currentToken
    /// A fresh token from upstream: no arguments; answers like ``currentToken``, or fails.
    case refreshToken
    /// The logged-in user's id: no arguments; answers a string or `null`.
    case userID
    /// `track` events after validation and enrichment: `{"events":[…]}`; answers once they are safe.
    case recordEvents
    /// One of the app's own capabilities: `{"type","request","isMainFrame","origin","surface"}`;
    /// answers the result, or fails with the reason.
    case capability
    /// A script for the main frame: `{"script"}`, for `evaluateJavascript` on the UI thread.
    case evaluateJavascript
    /// The session cookie: `{"url","value"}` for `CookieManager.setCookie(url, value, callback)`.
    case setCookie
}

/// A token as the host gives it.
struct HostToken: Codable {
    var value: String
    var scheme: String?

    var accessToken: AccessToken {
        AccessToken(value, scheme: scheme ?? "Bearer")
    }
}

/// Why a call to the host failed.
enum HostServiceError: Error, CustomStringConvertible {
    /// The host answered with an error.
    case failed(String)
    /// The host's answer was not what the service answers.
    case unreadable(String)
    /// The bridge or web view was destroyed before the host answered.
    case destroyed
    /// Java threw when the call was handed over.
    case notDelivered

    var description: String {
        switch self {
        case .failed(let reason): reason
        case .unreadable(let reason): "the host's answer is unreadable: \(reason)"
        case .destroyed: "destroyed before the host answered"
        case .notDelivered: "the host threw when called"
        }
    }
}
