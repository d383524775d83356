#if canImport(WebKit)
/// Why the WebKit adapter could not do what the core asked.
enum WebKitBridgeError: Error, CustomStringConvertible {
    case webViewGone
    case unsupportedMessageBody
    case invalidCookie

    var description: String {
        switch self {
        case .webViewGone: "the web view is gone"
        case .unsupportedMessageBody: "the message body is not a JSON value"
        case .invalidCookie: "Foundation refused the session cookie"
        }
    }
}
#endif
