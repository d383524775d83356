#if os(Linux)
import CWebKitGTK
import Foundation
@_spi(Adapters) import TodayBridge

/// The way out of the core into one WebKitGTK view, its ``BridgeWebView``: deliveries to the main
/// frame's page world, cookies through the view's network session.
///
/// Deliveries (X3, X4, ST2) go one way at a time, in the order the core makes them
/// (``DeliveryRoute``): where the web process extension is loaded, each is a user message to the
/// web process (`<entry>:deliver`, `(ttayaay)`) with the event's JSON text, the bytes it names by
/// index beside it (B2, no base64), and the main document it is for, which the extension hands to
/// the page's delivery receiver, or drops when the main frame shows another document (S4); where
/// it is not (the relay's path), a script in the main frame, its bytes as base64. A delivery the
/// web process does not take (its document gone, the process gone) throws, as a script that does
/// not run does: what depended on it settles.
///
/// ``WebKitGTKBridge`` makes it before connecting, so that its connection is a constant, and keeps
/// it; the connection keeps it weakly. It holds the view weakly too: deliveries may outlive it.
@GLibActor
final class WebKitGTKPage: BridgeWebView {
    private let webView: UnsafeMutablePointer<GWeakRef>
    private let cookieManager: OpaquePointer
    private var route: DeliveryRoute<PendingDelivery>
    /// What this view delivered, and which way (the suites read it through ``WebKitGTKBridge``).
    var deliveries = WebKitGTKDeliveries()

    /// A delivery on its way, and how to settle the core's call once it went or failed.
    struct PendingDelivery {
        let delivery: PageDelivery
        let finish: (Result<Void, any Error>) -> Void
    }

    /// - Parameter expectsExtension: Whether the view's context was prepared for the web process
    ///   extension: deliveries then wait until the extension (or the relay) speaks.
    init(_ view: UnsafeMutablePointer<WebKitWebView>, expectsExtension: Bool) {
        webView = .allocate(capacity: 1)
        g_weak_ref_init(webView, gpointer(view))
        cookieManager = webkit_network_session_get_cookie_manager(webkit_web_view_get_network_session(view))
        g_object_ref(gpointer(cookieManager))
        route = DeliveryRoute(expectsExtension: expectsExtension)
    }

    isolated deinit {
        close()
        g_weak_ref_clear(webView)
        webView.deallocate()
        g_object_unref(gpointer(cookieManager))
    }

    /// The view with a reference the caller releases, or `nil` once it is gone.
    func view() -> UnsafeMutablePointer<WebKitWebView>? {
        g_weak_ref_get(webView)?.assumingMemoryBound(to: WebKitWebView.self)
    }

    func deliver(_ delivery: PageDelivery, for document: DocumentID) async throws {
        try await withCheckedThrowingContinuation { continuation in
            let pending = PendingDelivery(delivery: delivery) { continuation.resume(with: $0) }
            run(route.deliver(pending, for: document))
        }
    }

    // MARK: What the view learns

    /// The core's main document is now `document`: the main frame committed one (new, or from the
    /// back-forward cache), or the web process ended.
    func documentChanged(to document: DocumentID) {
        run(route.documentChanged(to: document))
    }

    /// The extension announced the main document the frame shows, the core's `current` one.
    func announced(_ document: ExtensionDocument, as current: DocumentID) {
        run(route.announced(document, as: current))
    }

    /// The relay speaks for the main frame: the extension did not load in this view.
    func relayInUse() {
        run(route.relayInUse())
    }

    /// The view is gone: what waits fails.
    func close() {
        for case .refuse(let pending) in route.close() {
            pending.finish(.failure(PageDeliveryError.webViewGone))
        }
    }

    // MARK: Ways out

    private func run(_ actions: [DeliveryRoute<PendingDelivery>.Action]) {
        for action in actions {
            switch action {
            case .send(let pending, let document):
                send(pending, to: document)
            case .script(let pending):
                let script = pending.delivery.script
                deliveries.asScripts += 1
                deliveries.scriptBytes += script.utf8.count
                evaluate(script, then: pending.finish)
            case .refuse(let pending):
                deliveries.refused += 1
                pending.finish(.failure(PageDeliveryError.engineRefused("the main document it was for has left")))
            }
        }
    }

    /// Sends the delivery to the web process extension now, tagged with `document`: its text and
    /// its bytes beside it (B2). The extension's reply says whether the page got it.
    private func send(_ pending: PendingDelivery, to document: ExtensionDocument) {
        guard let view = view() else { return pending.finish(.failure(PageDeliveryError.webViewGone)) }
        defer { g_object_unref(gpointer(view)) }
        let (text, attachments) = pending.delivery.eventTextAttachingBytes
        let textVariant = text.withUnsafeBytes { today_variant_new_bytes($0.baseAddress, gsize($0.count)) }
        let outgoing = OutgoingAttachments(attachments)
        let parameters = today_variant_new_delivery(
            guint64(document.process), guint64(document.number), textVariant, outgoing.list)
        deliveries.throughExtension += 1
        deliveries.textBytes += text.count
        deliveries.attachedBytes += attachments.reduce(0) { $0 + $1.count }
        deliveries.filesSent += outgoing.fileCount
        let message = outgoing.message(WebKitGTKWebProcessExtension.deliveryMessageName, parameters)
        GAsyncCall.start { callback, data in
            webkit_web_view_send_message_to_page(view, message, nil, callback, data)
        } completion: { [self] source, result in
            var error: UnsafeMutablePointer<GError>?
            let source = source.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: WebKitWebView.self) }
            guard let reply = webkit_web_view_send_message_to_page_finish(source, result, &error) else {
                // The web process is gone, or took no message (WebKit says which).
                let reason = error.map { String(cString: $0.pointee.message) } ?? "no reply"
                if let error { g_error_free(error) }
                return pending.finish(.failure(GLibError(message: reason)))
            }
            defer { g_object_unref(gpointer(reply)) }
            if let dropped = today_delivery_dropped(reply) {
                deliveries.dropped += 1
                return pending.finish(.failure(PageDeliveryError.engineRefused(String(cString: dropped))))
            }
            pending.finish(.success(()))
        }
    }

    func evaluateInMainFrame(_ script: String) async throws {
        try await withCheckedThrowingContinuation { continuation in
            evaluate(script) { continuation.resume(with: $0) }
        }
    }

    /// Starts `script` in the main frame's page world now, and calls `finish` once it ran.
    private func evaluate(_ script: String, then finish: @escaping (Result<Void, any Error>) -> Void) {
        guard let view = view() else { return finish(.failure(PageDeliveryError.webViewGone)) }
        defer { g_object_unref(gpointer(view)) }
        GAsyncCall.start { callback, data in
            webkit_web_view_evaluate_javascript(view, script, -1, nil, nil, nil, callback, data)
        } completion: { source, result in
            let source = source.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: WebKitWebView.self) }
            finish(
                Result {
                    let value = try GLibError.check { webkit_web_view_evaluate_javascript_finish(source, result, &$0) }
                    if let value { g_object_unref(gpointer(value)) }
                })
        }
    }

    func setCookie(_ cookie: BridgeCookie) async throws {
        let soupCookie = soup_cookie_new(cookie.name, cookie.value, cookie.domain, cookie.path, -1)
        soup_cookie_set_secure(soupCookie, cookie.isSecure ? 1 : 0)
        soup_cookie_set_http_only(soupCookie, cookie.isHTTPOnly ? 1 : 0)
        defer { soup_cookie_free(soupCookie) }
        let manager = cookieManager
        try await GAsyncCall.run { callback, data in
            webkit_cookie_manager_add_cookie(manager, soupCookie, nil, callback, data)
        } finish: { _, result in
            _ = try GLibError.check { webkit_cookie_manager_add_cookie_finish(manager, result, &$0) }
        }
    }
}
#endif
