#if os(Linux)
import CWebKitGTK
@_spi(Adapters) import TodayBridge

/// The web process extension's message, answered once on the GLib thread with a user message
/// reply (C5): the answer's JSON text and a final NUL as bytes (`ay`), which the extension makes
/// a JavaScript value of without another copy, with the bytes it names by index beside it when it
/// has some (`(ayaay)`, or `(ayav)` with the large ones as sealed files in the reply's fd list:
/// ``OutgoingAttachments``, B2); a rejection's reason (`s`); or no parameters for `undefined`.
@GLibActor
final class GTKUserMessageReply {
    private let message: OpaquePointer
    /// Told how many of an answer's attachments went as files.
    private let sentFiles: @GLibActor (Int) -> Void

    init(message: OpaquePointer, sentFiles: @escaping @GLibActor (Int) -> Void = { _ in }) {
        self.message = message
        self.sentFiles = sentFiles
        g_object_ref(gpointer(message))
    }

    /// Settles the page's call.
    func send(_ answer: BridgeReply) {
        let name = webkit_user_message_get_name(message)
        let reply: OpaquePointer? =
            switch answer {
            case .value(let value?): self.answer(value, name: name)
            case .value(nil): webkit_user_message_new(name, nil)
            case .rejection(let reason): webkit_user_message_new(name, g_variant_new_string(reason))
            }
        webkit_user_message_send_reply(message, reply)
    }

    /// An answer's reply: its text, and its bytes beside it when it has some.
    private func answer(_ value: JSONValue, name: UnsafePointer<CChar>?) -> OpaquePointer? {
        let (json, attachments) = value.jsonUTF8AttachingBytes
        let text = json.withUnsafeBufferPointer { today_variant_new_text($0.baseAddress, gsize($0.count)) }
        guard !attachments.isEmpty else { return webkit_user_message_new(name, text) }
        let outgoing = OutgoingAttachments(attachments)
        if outgoing.fileCount > 0 { sentFiles(outgoing.fileCount) }
        return outgoing.message(name, today_variant_new_text_with_bytes(text, outgoing.list))
    }

    isolated deinit {
        g_object_unref(gpointer(message))
    }
}
#endif
