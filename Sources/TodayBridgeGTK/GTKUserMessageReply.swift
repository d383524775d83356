#if os(Linux)
import CWebKitGTK
@_spi(Adapters) import TodayBridge

/// The web process extension's message, answered once on the GLib thread with a user message
/// reply (C5): the answer's JSON text and a final NUL as bytes (`ay`), which the extension makes
/// a JavaScript value of without another copy, with the bytes it names by index beside it when it
/// has some (`(ayaay)`, B2); a rejection's reason (`s`); or no parameters for `undefined`.
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
            case .value(let value?): Self.answer(value)
            case .value(nil): nil
            case .rejection(let reason): g_variant_new_string(reason)
            }
        webkit_user_message_send_reply(
            message, webkit_user_message_new(webkit_user_message_get_name(message), parameters))
    }

    /// An answer's parameters: its text, and its bytes beside it when it has some.
    private static func answer(_ value: JSONValue) -> OpaquePointer? {
        let (json, attachments) = value.jsonUTF8AttachingBytes
        let text = json.withUnsafeBufferPointer { today_variant_new_text($0.baseAddress, gsize($0.count)) }
        guard !attachments.isEmpty else { return text }
        let bytes = attachments.map { data in
            data.withUnsafeBytes { today_variant_new_bytes($0.baseAddress, gsize($0.count)) }
        }
        return bytes.withUnsafeBufferPointer {
            today_variant_new_text_with_bytes(text, $0.baseAddress, gsize($0.count))
        }
    }

    isolated deinit {
        g_object_unref(gpointer(message))
    }
}
#endif
