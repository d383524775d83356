/// A message a page posted to a handler.
@MainActor
public class WKScriptMessage: NSObject {
    /// The message body: NSNumber, String, Date, arrays, dictionaries or NSNull.
    public let body: Any
    /// The frame that sent the message.
    public let frameInfo: WKFrameInfo
    /// The handler's name.
    public let name: String
    /// The web view that sent the message.
    public private(set) weak var webView: WKWebView?
    /// The content world the message came from.
    public let world: WKContentWorld

    /// Mirror only: a message as the engine would deliver it.
    public init(mirrorBody body: Any, frameInfo: WKFrameInfo, name: String, webView: WKWebView?, world: WKContentWorld) {
        self.body = body
        self.frameInfo = frameInfo
        self.name = name
        self.webView = webView
        self.world = world
    }
}
