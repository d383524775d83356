import CWebKitGTK
import TodayBridge

/// WebKit's handle on one page promise, answered once on the GLib thread (C5). The core decides
/// when; an unanswered handle released by WebKit resolves `undefined`.
@GLibActor
final class GTKPendingReply {
    private let reply: OpaquePointer
    private let context: OpaquePointer

    /// Takes a reference to WebKit's reply and the JavaScript context values are made in.
    init(reply: OpaquePointer, context: OpaquePointer) {
        self.reply = webkit_script_message_reply_ref(reply)
        self.context = context
        g_object_ref(gpointer(context))
    }

    /// Settles the page's promise.
    func send(_ answer: BridgeReply) {
        switch answer {
        case .value(let value):
            let result = value.map { jsc_value_new_from_json(context, $0.jsonString) } ?? jsc_value_new_undefined(context)
            webkit_script_message_reply_return_value(reply, result)
            if let result { g_object_unref(gpointer(result)) }
        case .rejection(let reason):
            webkit_script_message_reply_return_error_message(reply, reason)
        }
    }

    isolated deinit {
        webkit_script_message_reply_unref(reply)
        g_object_unref(gpointer(context))
    }
}
