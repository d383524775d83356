import CWebKitGTK

/// The benchmarks' baseline: WebKit's own reply channel with a do-nothing reply, registered in the
/// page world as `window.webkit.messageHandlers.todayRawEcho`, with no relay and no core.
enum GTKRawEcho {
    static let name = "todayRawEcho"

    static func register(in webView: UnsafeMutablePointer<WebKitWebView>) {
        let manager = webkit_web_view_get_user_content_manager(webView)
        webkit_user_content_manager_register_script_message_handler_with_reply(manager, name, nil)
        let echo: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = {
            _, value, reply, _ in
            webkit_script_message_reply_return_value(reply, value)
            return 1
        }
        _ = today_signal_connect(
            gpointer(manager), "script-message-with-reply-received::" + name, unsafeBitCast(echo, to: GCallback.self),
            nil)
    }
}
