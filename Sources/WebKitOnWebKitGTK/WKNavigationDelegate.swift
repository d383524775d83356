#if os(Linux)
/// What a web view tells the app about its navigations and its content process.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wknavigationdelegate>. Every method is
/// optional in WebKit; here each has a default that does what a delegate without it gets: nothing,
/// but for the content process's termination, which WebKit then handles itself. The emulation
/// calls the ones declared here; WebKitGTK's load events stand for WebKit's.
@MainActor
public protocol WKNavigationDelegate: NSObjectProtocol {
    /// The main frame started loading a new document.
    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!)
    /// The main frame's new document was committed: it is now the view's document.
    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)
    /// The main frame's document finished loading.
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)
    /// A load failed before its document was committed.
    func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error)
    /// A committed load failed.
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)
    /// The web view's content process ended (a crash, the system reclaiming its memory, a kill).
    /// The page is gone; the view shows nothing until it loads again. A delegate without this
    /// method (here: one that keeps the default) leaves it to WebKit, which reloads the page itself
    /// (``ContentProcessLifecycle``).
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView)
}

extension WKNavigationDelegate {
    public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {}
    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {}
    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}
    public func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
    ) {}
    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {}
    /// Stands for a delegate that does not implement the method (WebKit's delegate methods are
    /// optional): WebKit handles the termination itself.
    public func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        webView.navigationDelegateDidNotHandleTermination()
    }
}
#endif
