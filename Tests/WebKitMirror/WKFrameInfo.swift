/// Facts about a frame, from the engine.
@MainActor
public class WKFrameInfo: NSObject {
    /// Whether the frame is the main frame.
    public let isMainFrame: Bool
    /// The frame's current request.
    public let request: URLRequest
    /// The frame's security origin.
    public let securityOrigin: WKSecurityOrigin
    /// The web view that contains the frame.
    public private(set) weak var webView: WKWebView?

    /// Mirror only: a frame of `webView` showing `url`, with the origin the engine computed.
    public init(mirrorMainFrame isMainFrame: Bool, url: URL?, origin: WKSecurityOrigin, webView: WKWebView?) {
        self.isMainFrame = isMainFrame
        var request = URLRequest(url: url ?? URL(string: "about:blank")!)
        request.url = url
        self.request = request
        self.securityOrigin = origin
        self.webView = webView
    }
}

/// A frame's security origin; an opaque origin has an empty protocol and host.
@MainActor
public class WKSecurityOrigin: NSObject {
    /// The scheme, such as `https`.
    public let `protocol`: String
    /// The host.
    public let host: String
    /// The port; 0 for the scheme's default.
    public let port: Int

    /// Mirror only: an origin as the engine reports it.
    public init(mirrorProtocol scheme: String, host: String, port: Int) {
        self.protocol = scheme
        self.host = host
        self.port = port
    }
}
