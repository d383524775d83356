/// What a web view tells the app about its navigations and its content process. The mirror
/// declares the one method the bridge's docs and tests use; in WebKit every method is optional
/// (here: a default that does nothing).
@MainActor
public protocol WKNavigationDelegate: NSObjectProtocol {
    /// The web view's content process ended (a crash, or the system reclaiming its memory). The
    /// page is gone; the view shows nothing until it loads again.
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView)
}

extension WKNavigationDelegate {
    public func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {}
}
