#if os(Linux)
/// What a web view asks of the app's user interface.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkuidelegate>; of it, the emulation
/// has a page's new windows (`window.open`) and its `window.close()`.
@MainActor
public protocol WKUIDelegate: NSObjectProtocol {
    /// The page opened a window: return a web view made from `configuration` (which shares the
    /// opener's web process; WebKit stops an app that returns a view made from another), or `nil`
    /// to refuse (the page's `window.open` returns `null`). WebKit keeps no reference to it: the
    /// app keeps the view as long as it shows the window.
    func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView?
    /// The page called `window.close()`.
    func webViewDidClose(_ webView: WKWebView)
}

extension WKUIDelegate {
    public func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        nil
    }

    public func webViewDidClose(_ webView: WKWebView) {}
}
#endif
