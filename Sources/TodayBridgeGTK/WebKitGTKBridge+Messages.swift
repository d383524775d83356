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
            installation.receive(message.value, route: route, reply: GTKPendingReply(reply: message.reply, context: jsc_value_get_context(message.value)))
        }
        return 1
    }

    private func receive(_ value: OpaquePointer, route: Route, reply pending: GTKPendingReply) {
        let answer: @Sendable (BridgeReply) -> Void = { reply in
            Task { @GLibActor in pending.send(reply) }
        }
        switch route {
        case .mainFrameRelay:
            typealias Field = WebKitGTKRelayedMessage.CodingKeys
            let origin = Self.string(value, Field.origin.stringValue)
            let sender = SenderFacts(
                isMainFrame: true, frameOrigin: origin.flatMap(SecurityOrigin.init(string:)),
                frameURL: Self.string(value, Field.url.stringValue).flatMap(URL.init(string:)), mainDocumentURL: mainDocumentURL
            )
            let body = jsc_value_object_get_property(value, Field.message.stringValue)
            defer { if let body { g_object_unref(gpointer(body)) } }
            Self.withMessage(body) { connection.receive($0, from: sender, reply: answer) }
        case .pageWorld:
            // WebKit does not say which frame this is: treat it as a sub-frame (S1).
            Self.withMessage(value) { connection.receive($0, from: .unidentifiedFrame(mainDocumentURL: mainDocumentURL), reply: answer) }
        }
    }

    /// Hands `value` over as the JSON text WebKit makes of it, borrowed for the call.
    private static func withMessage(_ value: OpaquePointer?, _ body: (PageMessage) -> Void) {
        guard let value, jsc_value_is_undefined(value) == 0 else { return body(.value(nil)) }
        guard let text = jsc_value_to_json(value, 0) else { return body(.unusable("WebKit has no JSON form for the value")) }
        defer { g_free(text) }
        body(.json(utf8: UnsafeRawBufferPointer(start: text, count: strlen(text))))
    }

    /// A signal's arguments, handed to GLib-isolated code on the same thread.
    private struct IncomingMessage: @unchecked Sendable {  // never leaves the GLib thread
        let value: OpaquePointer
        let reply: OpaquePointer
    }

    private static func string(_ object: OpaquePointer, _ property: String) -> String? {
        guard let value = jsc_value_object_get_property(object, property) else { return nil }
        defer { g_object_unref(gpointer(value)) }
        guard jsc_value_is_string(value) != 0, let text = jsc_value_to_string(value) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}
