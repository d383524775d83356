#if os(Linux)
import CWebKitGTK

/// A web view: a WebKitGTK `WebKitWebView` in a window of its own (the emulated screen), its
/// messages, scripts and navigations through WebKit's API.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkwebview>. Main thread only, as in
/// WebKit. Every view of the process shares one web context (a process pool).
@MainActor
public class WKWebView: NSObject, ObjectiveCAssociating {
    private let ownConfiguration: WKWebViewConfiguration
    nonisolated let objcAssociations = ObjectiveCAssociationTable()
    let view: UnsafeMutablePointer<WebKitWebView>
    private let window: UnsafeMutablePointer<GtkWidget>
    private var signalHandlers: [gulong] = []
    private var navigation: WKNavigation?

    /// The app's navigation delegate (held weakly, as WebKit does).
    public weak var navigationDelegate: (any WKNavigationDelegate)?
    /// The app's user interface delegate (held weakly, as WebKit does).
    public weak var uiDelegate: (any WKUIDelegate)?

    /// Creates a web view with a copy of `configuration`.
    public init(frame: CGRect, configuration: WKWebViewConfiguration) {
        ownConfiguration = configuration.copy()
        view = today_web_view_new_in_context(WebKitEngine.context, configuration.userContentController.manager, configuration.websiteDataStore.session)
        g_object_ref_sink(gpointer(view))
        window = gtk_window_new()
        super.init()
        let width = frame.width >= 1 ? Int32(frame.width) : 1024, height = frame.height >= 1 ? Int32(frame.height) : 720
        gtk_window_set_default_size(today_window(window), width, height)
        gtk_window_set_child(today_window(window), today_web_view_widget(view))
        gtk_window_present(today_window(window))
        connectSignals()
        MainThreadLoop.wake()
    }

    isolated deinit {
        for id in signalHandlers { g_signal_handler_disconnect(gpointer(view), id) }
        gtk_window_destroy(today_window(window))
        g_object_unref(gpointer(view))
        MainThreadLoop.wake()
    }

    /// A copy of the view's configuration (sharing its content controller and data store).
    public var configuration: WKWebViewConfiguration { ownConfiguration.copy() }

    /// The URL of the main frame's document.
    public var url: URL? {
        webkit_web_view_get_uri(view).flatMap { URL(string: String(cString: $0)) }
    }

    /// Whether the view is loading.
    public var isLoading: Bool { webkit_web_view_is_loading(view) != 0 }

    /// Starts loading `request` in the main frame (its URL; WebKitGTK takes no other field of it).
    @discardableResult
    public func load(_ request: URLRequest) -> WKNavigation? {
        guard let url = request.url else { return nil }
        webkit_web_view_load_uri(view, url.absoluteString)
        return began()
    }

    /// Starts loading `string` as the main frame's document, at `baseURL`.
    @discardableResult
    public func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? {
        webkit_web_view_load_html(view, string, baseURL?.absoluteString)
        return began()
    }

    /// Reloads the main frame's document.
    @discardableResult
    public func reload() -> WKNavigation? {
        webkit_web_view_reload(view)
        return began()
    }

    private func began() -> WKNavigation {
        let started = WKNavigation()
        navigation = started
        MainThreadLoop.wake()
        return started
    }

    /// Evaluates `javaScriptString` in the main frame's page world; calls back on the main thread
    /// with its value (`nil` for `undefined`) or the error.
    public func evaluateJavaScript(_ javaScriptString: String, completionHandler: (@MainActor @Sendable (Any?, (any Error)?) -> Void)? = nil) {
        evaluate(javaScriptString, world: .page) { result in
            switch result {
            case .success(let value): completionHandler?(value, nil)
            case .failure(let error): completionHandler?(nil, error)
            }
        }
    }

    /// Evaluates `javaScript` in `frame` (the main frame when `nil`) and `contentWorld`.
    /// (WebKit's Swift overlay.)
    @preconcurrency
    public func evaluateJavaScript(
        _ javaScript: String, in frame: WKFrameInfo? = nil, in contentWorld: WKContentWorld,
        completionHandler: (@MainActor (Result<Any, any Error>) -> Void)? = nil
    ) {
        guard Self.isMainFrame(frame) else { return completionHandler?(.failure(Self.subFrameError)) ?? () }
        evaluate(javaScript, world: contentWorld) { completionHandler?($0.map { $0 ?? Optional<Any>.none as Any }) }
    }

    /// Runs `functionBody` as the body of an async function whose parameters are `arguments`'
    /// names, in `frame` (the main frame when `nil`) and `contentWorld`; calls back with its value
    /// once the promise it returns settles. (WebKit's Swift overlay.)
    ///
    /// Arguments are the values WebKit sends (numbers, booleans, strings, `NSNull`, `Date`s, arrays
    /// and dictionaries); WebKitGTK cannot take them all, so they cross as literals in the code it
    /// runs (`ScriptValues.call`), which runs no page code, as WebKit hands them over. Inside the
    /// function, `arguments` is not the arguments WebKit would give.
    @preconcurrency
    public func callAsyncJavaScript(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil, in contentWorld: WKContentWorld,
        completionHandler: (@MainActor (Result<Any, any Error>) -> Void)? = nil
    ) {
        callFunction(functionBody, arguments: arguments, in: frame, in: contentWorld) { result in
            completionHandler?(result.map { $0 ?? Optional<Any>.none as Any })
        }
    }

    /// `callAsyncJavaScript` awaited: the value, `nil` for `undefined`. (WebKit's Swift overlay.)
    public func callAsyncJavaScript(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil, contentWorld: WKContentWorld
    ) async throws -> Any? {
        let box = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ResultBox, any Error>) in
            callFunction(functionBody, arguments: arguments, in: frame, in: contentWorld) { result in
                continuation.resume(with: result.map { ResultBox(value: $0) })
            }
        }
        return box.value
    }

    private func callFunction(
        _ functionBody: String, arguments: [String: Any], in frame: WKFrameInfo?, in contentWorld: WKContentWorld,
        completion: @escaping @MainActor (Result<Any?, any Error>) -> Void
    ) {
        guard Self.isMainFrame(frame) else { return completion(.failure(Self.subFrameError)) }
        guard let body = ScriptValues.call(functionBody, arguments: arguments) else {
            return completion(.failure(NSError(domain: "WKErrorDomain", code: 5, userInfo: [NSLocalizedDescriptionKey: "An argument is not a value WebKit can send"])))
        }
        let done = Unmanaged.passRetained(Completion { completion($0 as! Result<Any?, any Error>) }).toOpaque()
        webkit_web_view_call_async_javascript_function(view, body, -1, nil, contentWorld.scriptWorld, nil, nil, { source, result, data in
            let outcome = WKWebView.finish { webkit_web_view_call_async_javascript_function_finish(UnsafeMutablePointer(OpaquePointer(source)), result, &$0) }
            Unmanaged<Completion>.fromOpaque(data!).takeRetainedValue().call(outcome)
        }, done)
        MainThreadLoop.wake()
    }

    private func evaluate(_ script: String, world: WKContentWorld, completion: @escaping @MainActor (Result<Any?, any Error>) -> Void) {
        let done = Unmanaged.passRetained(Completion { completion($0 as! Result<Any?, any Error>) }).toOpaque()
        webkit_web_view_evaluate_javascript(view, script, -1, world.scriptWorld, nil, nil, { source, result, data in
            let outcome = WKWebView.finish { webkit_web_view_evaluate_javascript_finish(UnsafeMutablePointer(OpaquePointer(source)), result, &$0) }
            Unmanaged<Completion>.fromOpaque(data!).takeRetainedValue().call(outcome)
        }, done)
        MainThreadLoop.wake()
    }

    /// A script's outcome: its value as Foundation objects, or WebKit's error for an exception.
    private nonisolated static func finish(_ call: (inout UnsafeMutablePointer<GError>?) -> OpaquePointer?) -> Result<Any?, any Error> {
        var error: UnsafeMutablePointer<GError>?
        let value = call(&error)
        if let error {
            defer { g_error_free(error) }
            let message = String(cString: error.pointee.message)
            return .failure(NSError(domain: "WKErrorDomain", code: 4, userInfo: [
                NSLocalizedDescriptionKey: "A JavaScript exception occurred", "WKJavaScriptExceptionMessage": message,
            ]))
        }
        guard let value else { return .success(nil) }
        defer { g_object_unref(gpointer(value)) }
        return .success(ScriptValues.foundation(value))
    }

    private static func isMainFrame(_ frame: WKFrameInfo?) -> Bool { frame?.isMainFrame ?? true }

    /// WebKitGTK runs the app's scripts in the main frame only.
    private static var subFrameError: NSError {
        NSError(domain: "WKErrorDomain", code: 1, userInfo: [NSLocalizedDescriptionKey: "The WebKitGTK emulation of WebKit runs scripts in the main frame only"])
    }

    private struct ResultBox: @unchecked Sendable {  // handed from the main actor to the main actor
        let value: Any?
    }

    // MARK: WebKitGTK's signals

    private func connectSignals() {
        let data = Unmanaged.passUnretained(self).toOpaque()
        let onMessage: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, message, data in
            guard let message, let data else { return 0 }
            let incoming = Incoming(pointer: message)
            return MainActor.assumeIsolated { Unmanaged<WKWebView>.fromOpaque(data).takeUnretainedValue().receive(incoming.pointer) } ? 1 : 0
        }
        connect("user-message-received", unsafeBitCast(onMessage, to: GCallback.self), data)
        let onLoad: @convention(c) (gpointer?, WebKitLoadEvent, gpointer?) -> Void = { _, event, data in
            guard let data else { return }
            MainActor.assumeIsolated { Unmanaged<WKWebView>.fromOpaque(data).takeUnretainedValue().loadChanged(event) }
        }
        connect("load-changed", unsafeBitCast(onLoad, to: GCallback.self), data)
        let onFailed: @convention(c) (gpointer?, WebKitLoadEvent, UnsafePointer<CChar>?, UnsafeMutablePointer<GError>?, gpointer?) -> gboolean = { _, event, _, error, data in
            guard let data else { return 0 }
            let failure = NSError(domain: "WebKitErrorDomain", code: Int(error?.pointee.code ?? 0), userInfo: [
                NSLocalizedDescriptionKey: error.map { String(cString: $0.pointee.message) } ?? "the load failed",
            ])
            MainActor.assumeIsolated { Unmanaged<WKWebView>.fromOpaque(data).takeUnretainedValue().loadFailed(event, failure) }
            return 0
        }
        connect("load-failed", unsafeBitCast(onFailed, to: GCallback.self), data)
        let onTerminated: @convention(c) (gpointer?, WebKitWebProcessTerminationReason, gpointer?) -> Void = { _, _, data in
            guard let data else { return }
            MainActor.assumeIsolated {
                let webView = Unmanaged<WKWebView>.fromOpaque(data).takeUnretainedValue()
                webView.navigationDelegate?.webViewWebContentProcessDidTerminate(webView)
            }
        }
        connect("web-process-terminated", unsafeBitCast(onTerminated, to: GCallback.self), data)
        let onClose: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            guard let data else { return }
            MainActor.assumeIsolated {
                let webView = Unmanaged<WKWebView>.fromOpaque(data).takeUnretainedValue()
                webView.uiDelegate?.webViewDidClose(webView)
            }
        }
        connect("close", unsafeBitCast(onClose, to: GCallback.self), data)
    }

    private func connect(_ signal: String, _ callback: GCallback, _ data: UnsafeMutableRawPointer) {
        signalHandlers.append(today_signal_connect(gpointer(view), signal, callback, data))
    }

    private func loadChanged(_ event: WebKitLoadEvent) {
        let current = navigation ?? WKNavigation()
        navigation = current
        switch event {
        case WEBKIT_LOAD_STARTED: navigationDelegate?.webView(self, didStartProvisionalNavigation: current)
        case WEBKIT_LOAD_COMMITTED: navigationDelegate?.webView(self, didCommit: current)
        case WEBKIT_LOAD_FINISHED:
            navigation = nil
            navigationDelegate?.webView(self, didFinish: current)
        default: break
        }
    }

    private func loadFailed(_ event: WebKitLoadEvent, _ error: NSError) {
        let current = navigation ?? WKNavigation()
        if event == WEBKIT_LOAD_STARTED {
            navigationDelegate?.webView(self, didFailProvisionalNavigation: current, withError: error)
        } else {
            navigationDelegate?.webView(self, didFail: current, withError: error)
        }
    }

    /// A message from the web process extension: `<entry>` from the page world, `<entry>@<world>`
    /// from another; its parameters the frame's facts and the channel's text (`name\n` and the
    /// body, `MessageHandlersScript`). Returns whether it was one.
    private func receive(_ message: OpaquePointer) -> Bool {
        let name = String(cString: webkit_user_message_get_name(message))
        let scriptWorld: String?
        if name == WebKitEngine.entryName {
            scriptWorld = nil
        } else if name.hasPrefix(WebKitEngine.entryName + "@") {
            scriptWorld = String(name.dropFirst(WebKitEngine.entryName.count + 1))
        } else {
            return false
        }
        let reply = ScriptMessageReply(message)
        var read = TodayExtensionMessage()
        guard today_extension_message_read(message, &read) != 0, let origin = read.origin, let uri = read.uri, let text = read.text else {
            reply.send(nil, "not a message of WebKit's channel")
            return true
        }
        let bytes = UnsafeRawBufferPointer(start: text, count: Int(read.size))
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")), newline + 1 < bytes.count else {
            reply.send(nil, "not a message of WebKit's channel")
            return true
        }
        let handlerName = String(decoding: bytes[..<newline], as: UTF8.self)
        let controller = ownConfiguration.userContentController
        guard let (handler, world) = controller.handler(named: handlerName, inScriptWorld: scriptWorld),
              let body = ScriptValues.body(kind: bytes[newline + 1], json: Data(bytes[(newline + 2)...])) else {
            reply.send(nil, "TypeError: no handler \(handlerName) in this world, or a body WebKit cannot read")
            return true
        }
        let frame = WKFrameInfo(isMainFrame: read.main_frame != 0, url: URL(string: String(cString: uri)), origin: WKSecurityOrigin(serialized: String(cString: origin)), webView: self)
        let scriptMessage = WKScriptMessage(body: body, frameInfo: frame, name: handlerName, webView: self, world: world)
        switch handler {
        case .plain(let handler):
            reply.send(nil, nil)
            handler.userContentController(controller, didReceive: scriptMessage)
        case .withReply(let handler):
            handler.userContentController(controller, didReceive: scriptMessage) { value, errorMessage in reply.send(value, errorMessage) }
        }
        return true
    }

    /// A signal's argument, handed to main-actor code on the same thread.
    private struct Incoming: @unchecked Sendable {  // never leaves the main thread
        let pointer: OpaquePointer
    }
}
#endif
