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
        let relay = GTKPageScripts.relayHandler(channel: channel)
        webkit_user_content_manager_register_script_message_handler_with_reply(contentManager, relay, GTKPageScripts.relayWorld)
        webkit_user_content_manager_register_script_message_handler_with_reply(contentManager, channel, nil)

        let onRelay: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = { _, value, reply, data in
            WebKitGTKBridge.received(value, reply: reply, data: data, route: .mainFrameRelay)
        }
        let onPageWorld: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = { _, value, reply, data in
            WebKitGTKBridge.received(value, reply: reply, data: data, route: .pageWorld)
        }
        connect(gpointer(contentManager), "script-message-with-reply-received::" + relay, unsafeBitCast(onRelay, to: GCallback.self))
        connect(gpointer(contentManager), "script-message-with-reply-received::" + channel, unsafeBitCast(onPageWorld, to: GCallback.self))
    }

    func unregisterHandlers() {
        webkit_user_content_manager_unregister_script_message_handler(contentManager, GTKPageScripts.relayHandler(channel: channel), GTKPageScripts.relayWorld)
        webkit_user_content_manager_unregister_script_message_handler(contentManager, channel, nil)
    }

    /// The signal handler: takes the reply, answers later, returns TRUE to say so.
    private nonisolated static func received(_ value: OpaquePointer?, reply: OpaquePointer?, data: gpointer?, route: Route) -> gboolean {
        guard let value, let reply, let data else { return 0 }
        let installation = Unmanaged<WebKitGTKBridge>.fromOpaque(data).takeUnretainedValue()
        let message = IncomingMessage(value: value, reply: reply)
        GLibActor.assumeIsolated {
            let pending = GTKPendingReply(reply: message.reply, context: jsc_value_get_context(message.value))
            installation.handle(message.value, route: route, replyingWith: pending)
        }
        return 1
    }

    private func handle(_ value: OpaquePointer, route: Route, replyingWith pending: GTKPendingReply) {
        let document = connection.currentDocument
        let message: (json: String?, facts: SenderFacts)
        switch route {
        case .mainFrameRelay:
            let origin = Self.string(value, "origin")
            let url = Self.string(value, "url").flatMap(URL.init(string:))
            let body = jsc_value_object_get_property(value, "message")
            message = (Self.json(body), SenderFacts(
                isMainFrame: true, frameOrigin: origin.flatMap(SecurityOrigin.init(string:)), frameURL: url,
                mainDocumentURL: mainDocumentURL, document: document
            ))
            if let body { g_object_unref(gpointer(body)) }
        case .pageWorld:
            // WebKit does not say which frame this is: treat it as a sub-frame (S1).
            message = (Self.json(value), SenderFacts(
                isMainFrame: false, frameOrigin: nil, frameURL: nil, mainDocumentURL: mainDocumentURL, document: document
            ))
        }
        let connection = self.connection
        Task { @GLibActor in
            let reply: BridgeReply
            if let json = message.json {
                reply = await connection.receive(json: json, from: message.facts)
            } else {
                reply = await connection.receive(nil, from: message.facts)
            }
            pending.send(reply)
        }
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

    /// The value as JSON text; `nil` for `undefined` or a value JSON cannot express.
    private static func json(_ value: OpaquePointer?) -> String? {
        guard let value, let text = jsc_value_to_json(value, 0) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}
