#if os(Linux)
/// Facts about a frame, from the engine: here, from the web process extension, which reads them in
/// the frame's web process where no page script reaches.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkframeinfo>.
@MainActor
public class WKFrameInfo: NSObject {
    /// Whether the frame is the main frame.
    public let isMainFrame: Bool
    /// The frame's current request (its document's URL).
    public let request: URLRequest
    /// The frame's security origin.
    public let securityOrigin: WKSecurityOrigin
    /// The web view that contains the frame.
    public private(set) weak var webView: WKWebView?

    init(isMainFrame: Bool, url: URL?, origin: WKSecurityOrigin, webView: WKWebView?) {
        self.isMainFrame = isMainFrame
        var request = URLRequest(url: url ?? URL(string: "about:blank")!)
        request.url = url
        self.request = request
        self.securityOrigin = origin
        self.webView = webView
    }
}

/// A frame's security origin; an opaque origin (a sandboxed frame, `data:`) has an empty protocol
/// and host and port 0.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wksecurityorigin>.
@MainActor
public class WKSecurityOrigin: NSObject {
    /// The scheme, such as `https`.
    public let `protocol`: String
    /// The host; an IPv6 address in brackets, as WebKit writes it.
    public let host: String
    /// The port; 0 for the scheme's default.
    public let port: Int

    private init(protocol scheme: String, host: String, port: Int) {
        self.protocol = scheme
        self.host = host
        self.port = port
    }

    /// The origin the engine serialized (`scheme://host[:port]`, or `null` when opaque).
    convenience init(serialized: String) {
        guard let separator = serialized.range(of: "://") else {
            self.init(protocol: "", host: "", port: 0)
            return
        }
        let scheme = String(serialized[..<separator.lowerBound])
        var authority = Substring(serialized[separator.upperBound...])
        var port = 0
        // The port follows the last colon outside an IPv6 address's brackets.
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]"),
            let number = Int(authority[authority.index(after: colon)...])
        {
            port = number
            authority = authority[..<colon]
        }
        self.init(protocol: scheme, host: String(authority), port: port)
    }
}
#endif
