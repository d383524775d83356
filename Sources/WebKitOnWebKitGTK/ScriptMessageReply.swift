#if os(Linux)
import CWebKitGTK

/// The reply to one message of a handler with reply: the web process extension's user message,
/// answered once with its reply (`ay` the reply's JSON text and a final NUL, `s` an error message,
/// nothing for `undefined`). Released unanswered, it rejects the page's promise, as WebKit does.
final class ScriptMessageReply: @unchecked Sendable {  // used on the main thread only
    private let message: OpaquePointer
    private var answered = false

    init(_ message: OpaquePointer) {
        self.message = message
        g_object_ref(gpointer(message))
    }

    /// `replyHandler(value, errorMessage)`: an error message rejects; else the value fulfils
    /// (`nil`: `undefined`). WebKit stops the app that calls it twice.
    func send(_ value: Any?, _ errorMessage: String?) {
        precondition(
            !answered,
            "replyHandler passed to userContentController:didReceiveScriptMessage:replyHandler: should not be called twice"
        )
        answered = true
        let parameters: OpaquePointer?
        if let errorMessage {
            parameters = g_variant_new_string(errorMessage)
        } else if let value {
            if let json = ScriptValues.replyJSON(value) {
                parameters = json.withUnsafeBufferPointer { today_variant_new_text($0.baseAddress, gsize($0.count)) }
            } else {
                parameters = g_variant_new_string("The reply is of a type WebKit cannot send to a page")
            }
        } else {
            parameters = nil
        }
        webkit_user_message_send_reply(
            message, webkit_user_message_new(webkit_user_message_get_name(message), parameters))
        MainThreadLoop.wakeFromAnyContext()
    }

    deinit {
        if !answered { send(nil, "WKWebView API client did not respond to this postMessage") }
        g_object_unref(gpointer(message))
    }
}
#endif
