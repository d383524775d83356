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
        let answer = answering(pending.send)
        switch route {
        case .mainFrameRelay:
            reportRelayFallback()
            guard jsc_value_is_string(value) != 0, let bytes = jsc_value_to_string_as_bytes(value) else {
                return connection.receive(.unusable("the relay posted no text"), from: .unidentifiedFrame(mainDocumentURL: mainDocumentURL), reply: answer)
            }
            defer { g_bytes_unref(bytes) }
            var size = 0
            let data = g_bytes_get_data(bytes, &size)
            guard let relayed = RelayedText(UnsafeRawBufferPointer(start: data, count: size)) else {
                return connection.receive(.unusable("not a relayed text"), from: .unidentifiedFrame(mainDocumentURL: mainDocumentURL), reply: answer)
            }
            connection.receive(Self.pageMessage(relayed.request), from: relaySender(relayed), reply: answer)
        case .pageWorld:
            // WebKit does not say which frame this is: treat it as a sub-frame (S1).
            Self.withValue(value) { connection.receive($0, from: .unidentifiedFrame(mainDocumentURL: mainDocumentURL), reply: answer) }
        }
    }

    /// A relayed message in a view that expected the web process extension: it did not load
    /// there. Reported once per view.
    private func reportRelayFallback() {
        guard expectsExtension, !extensionLoaded, !reportedRelayFallback else { return }
        reportedRelayFallback = true
        connection.bridge.observer.report(
            .webProcessExtensionUnavailable,
            "the web process extension did not load (missing, or not loadable by WebKit): the relay identifies the main frame; sub-frames are unidentified"
        )
    }

    /// The main frame, with the facts its relay sent last if this text is of the same document
    /// (the same token): a message of another document, sent before it went away but read after
    /// the new one's first, never takes the new document's origin.
    private func relaySender(_ relayed: RelayedText) -> SenderFacts {
        if let facts = relayed.facts {
            relayFacts = (String(relayed.token), SecurityOrigin(string: facts.origin), URL(string: facts.url))
        }
        let known = relayFacts.flatMap { $0.token == relayed.token ? $0 : nil }
        return SenderFacts(isMainFrame: true, frameOrigin: known?.origin, frameURL: known?.url, mainDocumentURL: mainDocumentURL)
    }

    private static func pageMessage(_ request: RelayedText.Request) -> PageMessage {
        switch request {
        case .json(let text): .json(utf8: text)
        case .tooLong(let length): .json(javaScriptLength: length) { _ in }
        case .undefined: .value(nil)
        }
    }

    /// The core's reply function for one message: `send` on the GLib thread, at once when the
    /// core answers there.
    func answering(_ send: @escaping @GLibActor (BridgeReply) -> Void) -> @Sendable (BridgeReply) -> Void {
        { reply in
            if GLibActor.isCurrent {
                GLibActor.assumeIsolated { send(reply) }
            } else {
                Task { @GLibActor in send(reply) }
            }
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
}
#endif
