/// Why the WebKitGTK adapter could not do what the core asked.
enum GTKBridgeError: Error, CustomStringConvertible {
    case webViewGone
    case scriptFailed(String)
    case cookieRefused(String)

    var description: String {
        switch self {
        case .webViewGone: "the web view is gone"
        case .scriptFailed(let message): "script evaluation failed: \(message)"
        case .cookieRefused(let message): "the cookie manager refused the cookie: \(message)"
        }
    }
}
