#if os(Linux)
import CWebKitGTK

/// A load of the app's scheme: WebKitGTK's `WebKitURISchemeRequest`, answered once, as the app's
/// ``WKURLSchemeHandler`` tells (WebKit stops an app that answers a task twice, or sends data
/// before a response; here, as loudly).
///
/// WebKitGTK registers a scheme for its whole web context (every view of the process), so the
/// context sends each of the scheme's loads here, and the task goes to the handler of the view
/// that loads it, or fails when that view's configuration has none.
@MainActor
final class URLSchemeTask: NSObject, WKURLSchemeTask {
    let request: URLRequest
    private let schemeRequest: OpaquePointer
    private var response: URLResponse?
    private var body = Data()
    private var finished = false

    /// Tasks WebKit waits for: kept until answered, as WebKit keeps them.
    private static var running: Set<URLSchemeTask> = []
    private static var served: Set<String> = []

    private init(_ schemeRequest: OpaquePointer, url: URL) {
        self.schemeRequest = schemeRequest
        g_object_ref(gpointer(schemeRequest))
        var request = URLRequest(url: url)
        request.httpMethod =
            webkit_uri_scheme_request_get_http_method(schemeRequest).map { String(cString: $0) } ?? "GET"
        self.request = request
    }

    isolated deinit {
        g_object_unref(gpointer(schemeRequest))
    }

    /// Sends `scheme`'s loads, from every view of the process, to their views' handlers.
    static func serve(_ scheme: String) {
        guard served.insert(scheme).inserted else { return }
        let start: @convention(c) (OpaquePointer?, gpointer?) -> Void = { request, _ in
            guard let request else { return }
            let incoming = WKWebView.Incoming(pointer: request)
            MainActor.assumeIsolated { URLSchemeTask.start(incoming.pointer) }
        }
        webkit_web_context_register_uri_scheme(WebKitEngine.context, scheme, start, nil, nil)
    }

    private static func start(_ schemeRequest: OpaquePointer) {
        let address = webkit_uri_scheme_request_get_uri(schemeRequest).map { String(cString: $0) } ?? ""
        let scheme = webkit_uri_scheme_request_get_scheme(schemeRequest).map { String(cString: $0) } ?? ""
        guard let url = URL(string: address) else { return finish(schemeRequest, failing: "not a URL: \(address)") }
        let task = URLSchemeTask(schemeRequest, url: url)
        guard let view = webkit_uri_scheme_request_get_web_view(schemeRequest), let webView = WKWebView.showing(view),
            let handler = webView.ownConfiguration.urlSchemeHandler(forURLScheme: scheme)
        else {
            return task.fail("no handler for the scheme \(scheme) in this web view's configuration")
        }
        running.insert(task)
        handler.webView(webView, start: task)
    }

    func didReceive(_ response: URLResponse) {
        precondition(!finished && self.response == nil, "the task already has a response, or was finished")
        self.response = response
    }

    func didReceive(_ data: Data) {
        precondition(!finished && response != nil, "data before the task's response, or after it finished")
        body.append(data)
    }

    func didFinish() {
        precondition(!finished, "the task was finished already")
        guard let response else { preconditionFailure("the task finished without a response") }
        finished = true
        Self.running.remove(self)
        let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let stream = g_memory_input_stream_new_from_bytes(bytes)
        g_bytes_unref(bytes)
        let answer = webkit_uri_scheme_response_new(stream, gint64(body.count))
        g_object_unref(gpointer(stream))
        if let mimeType = response.mimeType { webkit_uri_scheme_response_set_content_type(answer, mimeType) }
        if let http = response as? HTTPURLResponse {
            webkit_uri_scheme_response_set_status(answer, guint(http.statusCode), nil)
        }
        webkit_uri_scheme_request_finish_with_response(schemeRequest, answer)
        g_object_unref(gpointer(answer))
        MainThreadLoop.wake()
    }

    func didFailWithError(_ error: any Error) {
        precondition(!finished, "the task was finished already")
        Self.running.remove(self)
        fail(error.localizedDescription)
    }

    private func fail(_ reason: String) {
        finished = true
        Self.finish(schemeRequest, failing: reason)
    }

    private static func finish(_ schemeRequest: OpaquePointer, failing reason: String) {
        let error = g_error_new_literal(g_quark_from_static_string("WKErrorDomain"), 1, reason)
        webkit_uri_scheme_request_finish_error(schemeRequest, error)
        g_error_free(error)
        MainThreadLoop.wake()
    }
}
#endif
