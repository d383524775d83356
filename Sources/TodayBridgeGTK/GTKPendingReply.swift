#if os(Linux)
import CWebKitGTK
import TodayBridge

/// WebKit's handle on one page promise, answered once on the GLib thread (C5). The core decides
/// when; an unanswered handle released by WebKit resolves `undefined`.
@GLibActor
final class GTKPendingReply {
    private let reply: OpaquePointer
    private let context: OpaquePointer
    private let asText: Bool

    /// Takes a reference to WebKit's reply and the JavaScript context values are made in.
    ///
    /// - Parameter asText: Answer a value as its JSON text (a string), which the main frame's
    ///   relay hands to the channel to parse; otherwise as a JavaScript value.
    init(reply: OpaquePointer, context: OpaquePointer, asText: Bool) {
        self.reply = webkit_script_message_reply_ref(reply)
        self.context = context
        self.asText = asText
        g_object_ref(gpointer(context))
    }

    /// Settles the page's promise.
    func send(_ answer: BridgeReply) {
        switch answer {
        case .value(let value):
            let result =
                value.map { value in
                    var json = value.jsonUTF8
                    json.append(0)
                    return json.withUnsafeBytes { bytes in
                        // Cannot be nil: the text holds at least its terminating zero.
                        let text = bytes.baseAddress!.assumingMemoryBound(to: CChar.self)
                        return asText ? jsc_value_new_string(context, text) : jsc_value_new_from_json(context, text)
                    }
                } ?? jsc_value_new_undefined(context)
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
#endif
