#if os(Linux)
/// A message a page posted to a handler.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkscriptmessage>.
@MainActor
public class WKScriptMessage: NSObject {
    /// The message body, converted as WebKit converts it (``LinkedSDK``): numbers and booleans as
    /// `NSNumber`, strings, `Date`s, arrays, dictionaries (string keys) and `NSNull`; for
    /// `undefined`, WebKit's `nil`, an `Any` holding no object.
    public let body: Any
    /// The frame that sent the message.
    public let frameInfo: WKFrameInfo
    /// The handler's name.
    public let name: String
    /// The web view that sent the message.
    public private(set) weak var webView: WKWebView?
    /// The content world the message came from.
    public let world: WKContentWorld

    init(body: Any, frameInfo: WKFrameInfo, name: String, webView: WKWebView?, world: WKContentWorld) {
        self.body = body
        self.frameInfo = frameInfo
        self.name = name
        self.webView = webView
        self.world = world
    }
}
#endif
