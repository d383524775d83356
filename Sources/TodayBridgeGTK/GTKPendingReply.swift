import CWebKitGTK
import TodayBridge

/// A page promise waiting for its one reply (contract C5).
@GLibActor
final class GTKPendingReply {
    private var reply: OpaquePointer?
    private let context: OpaquePointer

    /// Takes a reference to WebKit's reply and the JavaScript context values are made in.
    init(reply: OpaquePointer, context: OpaquePointer) {
        self.reply = webkit_script_message_reply_ref(reply)
        self.context = context
        g_object_ref(gpointer(context))
    }

    /// Settles the page's promise; later calls do nothing.
    func send(_ answer: BridgeReply) {
        guard let reply else { return }
        self.reply = nil
        switch answer {
        case .value(let value):
            let result = value.map { jsc_value_new_from_json(context, $0.jsonString) } ?? jsc_value_new_undefined(context)
            webkit_script_message_reply_return_value(reply, result)
            if let result { g_object_unref(gpointer(result)) }
        case .rejection(let reason):
            webkit_script_message_reply_return_error_message(reply, reason)
        }
        webkit_script_message_reply_unref(reply)
    }

    isolated deinit {
        if let reply {
            let undefined = jsc_value_new_undefined(context)
            webkit_script_message_reply_return_value(reply, undefined)
            g_object_unref(gpointer(undefined))
            webkit_script_message_reply_unref(reply)
        }
        g_object_unref(gpointer(context))
    }
}
