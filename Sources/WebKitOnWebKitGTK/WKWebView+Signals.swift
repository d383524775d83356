#if os(Linux)
import CWebKitGTK

/// What WebKitGTK tells a view, told as WebKit tells it: its loads to the navigation delegate,
/// its page's requests (close, a new window) to the UI delegate, the extension's messages to the
/// handlers.
extension WKWebView {
    func connectSignals() {
        let data = Unmanaged.passUnretained(self).toOpaque()
        let onMessage: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, message, data in
            guard let message, let data else { return 0 }
            let incoming = Incoming(pointer: message)
            return MainActor.assumeIsolated {
                Unmanaged<WKWebView>.fromOpaque(data).takeUnretainedValue().receive(incoming.pointer)
            } ? 1 : 0
        }
        connect("user-message-received", unsafeBitCast(onMessage, to: GCallback.self), data)
        let onLoad: @convention(c) (gpointer?, WebKitLoadEvent, gpointer?) -> Void = { _, event, data in
            guard let data else { return }
            MainActor.assumeIsolated { Unmanaged<WKWebView>.fromOpaque(data).takeUnretainedValue().loadChanged(event) }
        }
        connect("load-changed", unsafeBitCast(onLoad, to: GCallback.self), data)
        let onFailed:
            @convention(c) (gpointer?, WebKitLoadEvent, UnsafePointer<CChar>?, UnsafeMutablePointer<GError>?, gpointer?)
                -> gboolean = { _, event, _, error, data in
                    guard let data else { return 0 }
                    let failure = NSError(
                        domain: "WebKitErrorDomain", code: Int(error?.pointee.code ?? 0),
                        userInfo: [
                            NSLocalizedDescriptionKey: error.map { String(cString: $0.pointee.message) }
                                ?? "the load failed"
                        ])
                    MainActor.assumeIsolated {
                        Unmanaged<WKWebView>.fromOpaque(data).takeUnretainedValue().loadFailed(event, failure)
                    }
                    return 0
                }
        connect("load-failed", unsafeBitCast(onFailed, to: GCallback.self), data)
        let onTerminated: @convention(c) (gpointer?, WebKitWebProcessTerminationReason, gpointer?) -> Void = {
            _, reason, data in
            guard let data else { return }
            MainActor.assumeIsolated {
                Unmanaged<WKWebView>.fromOpaque(data).takeUnretainedValue().contentProcessTerminated(reason)
            }
        }
        connect("web-process-terminated", unsafeBitCast(onTerminated, to: GCallback.self), data)
        let onURI: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
            guard let data else { return }
            MainActor.assumeIsolated { Unmanaged<WKWebView>.fromOpaque(data).takeUnretainedValue().urlMayHaveChanged() }
        }
        connect("notify::uri", unsafeBitCast(onURI, to: GCallback.self), data)
        let onClose: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            guard let data else { return }
            MainActor.assumeIsolated {
                let webView = Unmanaged<WKWebView>.fromOpaque(data).takeUnretainedValue()
                webView.uiDelegate?.webViewDidClose(webView)
            }
        }
        connect("close", unsafeBitCast(onClose, to: GCallback.self), data)
        let onResource: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, gpointer?) -> Void = {
            _, resource, request, data in
            guard let data, let resource, let request else { return }
            let incoming = Incoming(pointer: resource),
                uri = webkit_uri_request_get_uri(request).map { String(cString: $0) }
            MainActor.assumeIsolated {
                Unmanaged<WKWebView>.fromOpaque(data).takeUnretainedValue().resourceLoadStarted(
                    incoming.pointer, uri: uri)
            }
        }
        connect("resource-load-started", unsafeBitCast(onResource, to: GCallback.self), data)
        let onCreate: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> UnsafeMutablePointer<GtkWidget>? = {
            _, action, data in
            guard let data, let action else { return nil }
            let incoming = Incoming(pointer: action)
            let created = MainActor.assumeIsolated {
                Unmanaged<WKWebView>.fromOpaque(data).takeUnretainedValue().createWebView(for: incoming.pointer)
            }
            return created.map { UnsafeMutablePointer<GtkWidget>($0.pointer) }
        }
        connect("create", unsafeBitCast(onCreate, to: GCallback.self), data)
    }

    private func connect(_ signal: String, _ callback: GCallback, _ data: UnsafeMutableRawPointer) {
        signalHandlers.append(today_signal_connect(gpointer(view), signal, callback, data))
    }

    private func loadChanged(_ event: WebKitLoadEvent) {
        let current = navigation ?? WKNavigation()
        navigation = current
        defer { urlMayHaveChanged() }
        switch event {
        case WEBKIT_LOAD_STARTED:
            pendingAPIRequestURL = nil  // `WebPageProxy::didStartProvisionalLoadForFrame`
            navigationDelegate?.webView(self, didStartProvisionalNavigation: current)
        case WEBKIT_LOAD_REDIRECTED:
            uncommittedURL = webkit_web_view_get_main_resource(view).flatMap { webkit_web_resource_get_uri($0) }.flatMap
            { URL(string: String(cString: $0)) }
        case WEBKIT_LOAD_COMMITTED:
            uncommittedURL = nil
            navigationDelegate?.webView(self, didCommit: current)
        case WEBKIT_LOAD_FINISHED:
            navigation = nil
            uncommittedURL = nil
            scheduleRecentCrashCountReset()
            navigationDelegate?.webView(self, didFinish: current)
        default: break
        }
    }

    /// The main frame's provisional load asked for its document: its URL is the view's until it
    /// commits (WebKit's `PageLoadState::didStartProvisionalLoad`). WebKitGTK tells the main
    /// resource of every main-frame load here, Back and Forward from the page cache included.
    private func resourceLoadStarted(_ resource: OpaquePointer, uri: String?) {
        guard webkit_web_view_get_main_resource(view) == resource, let uri else { return }
        uncommittedURL = URL(string: uri)
        urlMayHaveChanged()
    }

    private func loadFailed(_ event: WebKitLoadEvent, _ error: NSError) {
        let current = navigation ?? WKNavigation()
        uncommittedURL = nil
        pendingAPIRequestURL = nil
        defer { urlMayHaveChanged() }
        if event == WEBKIT_LOAD_STARTED {
            navigationDelegate?.webView(self, didFailProvisionalNavigation: current, withError: error)
        } else {
            navigationDelegate?.webView(self, didFail: current, withError: error)
        }
    }

    /// A signal's argument, handed to main-actor code on the same thread.
    struct Incoming: @unchecked Sendable {  // never leaves the main thread
        let pointer: OpaquePointer
    }
}
#endif
