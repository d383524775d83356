#if os(Linux)
/// Loads the URLs of a scheme the app serves itself (`myapp://`), one task per load.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkurlschemehandler>. Set one with
/// ``WKWebViewConfiguration/setURLSchemeHandler(_:forURLScheme:)``. WebKitGTK does not tell when
/// a load is cancelled, so ``webView(_:stop:)`` is never called here.
@MainActor
public protocol WKURLSchemeHandler: NSObjectProtocol {
    /// Starts loading `urlSchemeTask`'s request; answer through the task, now or later.
    func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask)
    /// WebKit no longer needs the task's answer.
    func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask)
}

/// One load of a URL of the app's scheme, answered by its handler: a response, its data, then
/// the end (or an error).
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkurlschemetask>. The data reaches
/// the page at ``didFinish()``: WebKitGTK takes a response's body as one stream, so nothing of the
/// document commits before the task finishes (WebKit commits at the first data).
@MainActor
public protocol WKURLSchemeTask: NSObjectProtocol {
    /// The request to answer.
    var request: URLRequest { get }
    /// The response's status, MIME type and headers; first, once.
    func didReceive(_ response: URLResponse)
    /// Some of the body, after the response.
    func didReceive(_ data: Data)
    /// The body is complete.
    func didFinish()
    /// The load failed.
    func didFailWithError(_ error: any Error)
}
#endif
