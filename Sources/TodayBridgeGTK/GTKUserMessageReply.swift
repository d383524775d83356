#if os(Linux)
import CWebKitGTK
import TodayBridge

/// The web process extension's message, answered once on the GLib thread with a user message
/// reply (C5): the answer's JSON text and a final NUL as bytes (`ay`), which the extension makes
/// a JavaScript value of without another copy; a rejection's reason (`s`); or no parameters for
/// `undefined`.
@GLibActor
final class GTKUserMessageReply {
    private let message: OpaquePointer

    init(message: OpaquePointer) {
        self.message = message
        g_object_ref(gpointer(message))
    }

    /// Settles the page's call.
    func send(_ answer: BridgeReply) {
        let parameters: OpaquePointer? =
            switch answer {
            case .value(let value?):
                value.jsonUTF8.withUnsafeBufferPointer { json in
                    today_variant_new_text(json.baseAddress, gsize(json.count))
                }
            case .value(nil): nil
            case .rejection(let reason): g_variant_new_string(reason)
            }
        webkit_user_message_send_reply(
            message, webkit_user_message_new(webkit_user_message_get_name(message), parameters))
    }

    isolated deinit {
        g_object_unref(gpointer(message))
    }
}
#endif
