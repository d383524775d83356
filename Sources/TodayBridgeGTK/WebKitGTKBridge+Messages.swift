#if os(Linux)
import CWebKitGTK
import Foundation
import TodayBridge

extension WebKitGTKBridge {
    /// Where a message came in: the main frame's relay, or WebKit's own page-world channel.
    enum Route {
        case mainFrameRelay
        case pageWorld
    }

    func registerHandlers() {
        webkit_user_content_manager_register_script_message_handler_with_reply(contentManager, relayHandler, Self.relayWorld)
        webkit_user_content_manager_register_script_message_handler_with_reply(contentManager, channel, nil)

        let onRelay: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = { _, value, reply, data in
            WebKitGTKBridge.received(value, reply: reply, data: data, route: .mainFrameRelay)
        }
        let onPageWorld: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = { _, value, reply, data in
            WebKitGTKBridge.received(value, reply: reply, data: data, route: .pageWorld)
        }
        connect(gpointer(contentManager), "script-message-with-reply-received::" + relayHandler, unsafeBitCast(onRelay, to: GCallback.self))
        connect(gpointer(contentManager), "script-message-with-reply-received::" + channel, unsafeBitCast(onPageWorld, to: GCallback.self))
    }

    func unregisterHandlers() {
        webkit_user_content_manager_unregister_script_message_handler(contentManager, relayHandler, Self.relayWorld)
        webkit_user_content_manager_unregister_script_message_handler(contentManager, channel, nil)
    }

    /// The signal handler: hands the message to the core and returns TRUE (the reply comes later).
    private nonisolated static func received(_ value: OpaquePointer?, reply: OpaquePointer?, data: gpointer?, route: Route) -> gboolean {
        guard let value, let reply, let data else { return 0 }
        let installation = Unmanaged<WebKitGTKBridge>.fromOpaque(data).takeUnretainedValue()
        let message = IncomingMessage(value: value, reply: reply)
        GLibActor.assumeIsolated {
            let pending = GTKPendingReply(reply: message.reply, context: jsc_value_get_context(message.value), asText: route == .mainFrameRelay)
            installation.receive(message.value, route: route, reply: pending)
        }
        return 1
    }

    private func receive(_ value: OpaquePointer, route: Route, reply pending: GTKPendingReply) {
        let answer: @Sendable (BridgeReply) -> Void = { reply in
            if GLibActor.isCurrent {
                GLibActor.assumeIsolated { pending.send(reply) }
            } else {
                Task { @GLibActor in pending.send(reply) }
            }
        }
        switch route {
        case .mainFrameRelay:
            typealias Field = WebKitGTKRelayedMessage.CodingKeys
            let sender = SenderFacts(
                isMainFrame: true,
                frameOrigin: relayOrigin.value(for: Self.string(value, Field.origin.stringValue), parse: SecurityOrigin.init(string:)),
                frameURL: relayURL.value(for: Self.string(value, Field.url.stringValue), parse: URL.init(string:)),
                mainDocumentURL: mainDocumentURL
            )
            let json = jsc_value_object_get_property(value, Field.json.stringValue)
            defer { if let json { g_object_unref(gpointer(json)) } }
            let length = Self.number(value, Field.jsonLength.stringValue) ?? 0
            connection.receive(Self.heldText(json, utf16Length: length), from: sender, reply: answer)
        case .pageWorld:
            // WebKit does not say which frame this is: treat it as a sub-frame (S1).
            Self.withValue(value) { connection.receive($0, from: .unidentifiedFrame(mainDocumentURL: mainDocumentURL), reply: answer) }
        }
    }

    /// The relay's JSON text, read only if the core accepts its length. A message the channel
    /// found too long to carry comes as its length alone.
    private static func heldText(_ json: OpaquePointer?, utf16Length: Double) -> PageMessage {
        guard let json, jsc_value_is_string(json) != 0 else {
            return utf16Length > 0 ? .json(javaScriptLength: utf16Length) { _ in } : .value(nil)
        }
        return .json(javaScriptLength: utf16Length) { body in
            guard let bytes = jsc_value_to_string_as_bytes(json) else { return }
            defer { g_bytes_unref(bytes) }
            var size = 0
            let data = g_bytes_get_data(bytes, &size)
            body(UnsafeRawBufferPointer(start: data, count: size))
        }
    }

    /// Hands `value` over as the JSON text WebKit makes of it, borrowed for the call.
    private static func withValue(_ value: OpaquePointer, _ body: (PageMessage) -> Void) {
        guard jsc_value_is_undefined(value) == 0 else { return body(.value(nil)) }
        guard let text = jsc_value_to_json(value, 0) else { return body(.unusable("WebKit has no JSON form for the value")) }
        defer { g_free(text) }
        body(.json(utf8: UnsafeRawBufferPointer(start: text, count: strlen(text))))
    }

    /// A signal's arguments, handed to GLib-isolated code on the same thread.
    private struct IncomingMessage: @unchecked Sendable {  // never leaves the GLib thread
        let value: OpaquePointer
        let reply: OpaquePointer
    }

    private static func number(_ object: OpaquePointer, _ property: String) -> Double? {
        guard let value = jsc_value_object_get_property(object, property) else { return nil }
        defer { g_object_unref(gpointer(value)) }
        return jsc_value_is_number(value) != 0 ? jsc_value_to_double(value) : nil
    }

    private static func string(_ object: OpaquePointer, _ property: String) -> String? {
        guard let value = jsc_value_object_get_property(object, property) else { return nil }
        defer { g_object_unref(gpointer(value)) }
        guard jsc_value_is_string(value) != 0, let text = jsc_value_to_string(value) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}
#endif
