#if os(Linux)
import CWebKitGTK
import Foundation
@_spi(Adapters) import TodayBridge

extension WebKitGTKBridge {
    /// Where a message came in: the main frame's relay, or WebKit's own page-world channel.
    enum Route {
        case mainFrameRelay
        case pageWorld
    }

    func registerHandlers() {
        webkit_user_content_manager_register_script_message_handler_with_reply(
            contentManager, relayHandler, Self.relayWorld)
        webkit_user_content_manager_register_script_message_handler_with_reply(contentManager, channel, nil)

        let onRelay: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = {
            _, value, reply, data in
            WebKitGTKBridge.received(value, reply: reply, data: data, route: .mainFrameRelay)
        }
        let onPageWorld: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = {
            _, value, reply, data in
            WebKitGTKBridge.received(value, reply: reply, data: data, route: .pageWorld)
        }
        connect(
            gpointer(contentManager), "script-message-with-reply-received::" + relayHandler,
            unsafeBitCast(onRelay, to: GCallback.self))
        connect(
            gpointer(contentManager), "script-message-with-reply-received::" + channel,
            unsafeBitCast(onPageWorld, to: GCallback.self))
    }

    func unregisterHandlers() {
        webkit_user_content_manager_unregister_script_message_handler(contentManager, relayHandler, Self.relayWorld)
        webkit_user_content_manager_unregister_script_message_handler(contentManager, channel, nil)
    }

    /// The signal handler: hands the message to the core and returns TRUE (the reply comes later).
    private nonisolated static func received(
        _ value: OpaquePointer?, reply: OpaquePointer?, data: gpointer?, route: Route
    ) -> gboolean {
        guard let value, let reply, let data else { return 0 }
        let installation = Unmanaged<WebKitGTKBridge>.fromOpaque(data).takeUnretainedValue()
        let message = IncomingMessage(value: value, reply: reply)
        GLibActor.assumeIsolated {
            let pending = GTKPendingReply(
                reply: message.reply, context: jsc_value_get_context(message.value), asText: route == .mainFrameRelay)
            installation.receive(message.value, route: route, reply: pending)
        }
        return 1
    }

    private func receive(_ value: OpaquePointer, route: Route, reply pending: GTKPendingReply) {
        let answer = answering(pending.send)
        switch route {
        case .mainFrameRelay:
            guard jsc_value_is_string(value) != 0, let bytes = jsc_value_to_string_as_bytes(value) else {
                return connection.receive(
                    .unusable("the relay posted no text"),
                    from: .unidentifiedFrame(mainDocumentURL: relayDocument?.url), reply: answer)
            }
            defer { g_bytes_unref(bytes) }
            var size = 0
            let data = g_bytes_get_data(bytes, &size)
            guard let relayed = RelayedText(UnsafeRawBufferPointer(start: data, count: size)) else {
                return connection.receive(
                    .unusable("not a relayed text"), from: .unidentifiedFrame(mainDocumentURL: relayDocument?.url),
                    reply: answer)
            }
            guard !extensionLoaded else {
                // The main frame's way is the extension's entry: a page (or a same-origin sub-frame
                // dispatching on the top window) routing a request around it is not the main frame.
                if relayed.request.isNotice { return answer(.undefined) }
                return refuseRelayed(
                    "the web process extension is loaded in this view", answer: .undefined, reply: answer)
            }
            page.relayInUse()
            reportRelayFallback()
            receiveRelayed(relayed, reply: answer)
        case .pageWorld:
            // WebKit does not say which frame this is: treat it as a sub-frame (S1).
            Self.withValue(value) {
                connection.receive($0, from: .unidentifiedFrame(mainDocumentURL: relayDocument?.url), reply: answer)
            }
        }
    }

    /// A relayed text: a document's notice, or a request of the document the relay speaks for.
    private func receiveRelayed(_ relayed: RelayedText, reply: @escaping @Sendable (BridgeReply) -> Void) {
        switch relayed.request {
        case .began, .restored:
            guard let facts = relayed.facts else { return reply(.undefined) }  // the relay writes none without
            relayDocument = RelayDocument(token: String(relayed.token), facts: facts)
            if case .restored = relayed.request { page.documentChanged(to: connection.documentWasRestored()) }
            reply(.undefined)
        case .json, .tooLong, .undefined:
            guard var document = relayDocument, document.token == relayed.token else {
                // A realm kept after its document left (a popup holding the page's channel), or a
                // message of a document the view has left: it speaks for nobody (S4).
                return refuseRelayed(
                    "it came from a document the main frame does not show",
                    answer: .rejection(.cancelled("the page went away")), reply: reply)
            }
            if let facts = relayed.facts {
                document.update(facts)  // the URL changed in the document (pushState)
                relayDocument = document
            }
            let sender = SenderFacts(
                isMainFrame: true, frameOrigin: document.origin, frameURL: document.url, mainDocumentURL: document.url)
            connection.receive(Self.pageMessage(relayed.request), from: sender, reply: reply)
        }
    }

    /// Answers a relayed message that reaches no capability, and reports it.
    private func refuseRelayed(_ why: String, answer: BridgeReply, reply: @escaping @Sendable (BridgeReply) -> Void) {
        connection.bridge.observer.report(.relayRefused, "a message through the relay was refused: \(why)")
        reply(answer)
    }

    /// A relayed message in a view that expected the web process extension: it did not load
    /// there. Reported once per view.
    private func reportRelayFallback() {
        guard expectsExtension, !reportedRelayFallback else { return }
        reportedRelayFallback = true
        connection.bridge.observer.report(
            .webProcessExtensionUnavailable,
            "the web process extension did not load (missing, or not loadable by WebKit): the relay identifies the main frame; sub-frames are unidentified"
        )
    }

    private static func pageMessage(_ request: RelayedText.Request) -> PageMessage {
        switch request {
        case .json(let text): .json(utf8: text)
        case .tooLong(let length): .json(javaScriptLength: length) { _ in }
        case .undefined, .began, .restored: .value(nil)
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
        guard let text = jsc_value_to_json(value, 0) else {
            return body(.unusable("WebKit has no JSON form for the value"))
        }
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
