/// Why the WebKitGTK adapter could not do what the core asked.
enum GTKBridgeError: Error, CustomStringConvertible {
    case webViewGone

    var description: String {
        switch self {
        case .webViewGone: "the web view is gone"
        }
    }
}
