#if os(Linux)
import CWebKitGTK
import Foundation
import TodayBridge

/// The web process extension's messages (``WebKitGTKWebProcessExtension``): each carries the
/// engine's facts about the frame that sent it, read in the web process where no page script
/// reaches, and the page's JSON text as bytes, handed to the core without a copy.
extension WebKitGTKBridge {
    func connectExtension(_ view: UnsafeMutablePointer<WebKitWebView>) {
        let onMessage: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, message, data in
            guard let message, let data else { return 0 }
            let installation = Unmanaged<WebKitGTKBridge>.fromOpaque(data).takeUnretainedValue()
            let incoming = IncomingUserMessage(message: message)
            return GLibActor.assumeIsolated { installation.receiveUserMessage(incoming.message) } ? 1 : 0
        }
        connect(gpointer(view), "user-message-received", unsafeBitCast(onMessage, to: GCallback.self))
    }

    /// Handles the extension's messages; returns whether `message` was one.
    private func receiveUserMessage(_ message: OpaquePointer) -> Bool {
        let name = String(cString: webkit_user_message_get_name(message))
        switch name {
        case WebKitGTKWebProcessExtension.entryName:
            extensionLoaded = true
            receiveExtensionMessage(message)
        case WebKitGTKWebProcessExtension.readyMessageName:
            // A main document began, after its commit (the core's current document now).
            extensionLoaded = true
            if let document = Self.document(in: message) { page.announced(document, as: connection.currentDocument) }
        case WebKitGTKWebProcessExtension.restoredMessageName:
            extensionLoaded = true
            let restored = connection.documentWasRestored()
            if let document = Self.document(in: message) { page.announced(document, as: restored) }
        case WebKitGTKWebProcessExtension.unavailableMessageName:
            let reason = webkit_user_message_get_parameters(message).flatMap { g_variant_get_string($0, nil) }.map {
                String(cString: $0)
            }
            connection.bridge.observer.report(
                .channelEntryUnavailable,
                "the web process extension could not define the channel's entry: \(reason ?? "no reason given")")
        default:
            return false
        }
        return true
    }

    /// The main document a `ready` or `restored` message names, which the view's deliveries are
    /// for until the next one (S4).
    private static func document(in message: OpaquePointer) -> ExtensionDocument? {
        var process: guint64 = 0
        var number: guint64 = 0
        guard today_extension_document_read(message, &process, &number) != 0 else { return nil }
        return ExtensionDocument(process: UInt64(process), number: UInt64(number))
    }

    /// A message with the engine's facts about the frame and document that sent it (C8).
    private func receiveExtensionMessage(_ message: OpaquePointer) {
        let reply = GTKUserMessageReply(message: message) { [page] in page.deliveries.filesSent += $0 }
        var read = TodayExtensionMessage()
        guard today_extension_message_read(message, &read) != 0, let origin = read.origin, let uri = read.uri,
            let mainURI = read.main_uri
        else {
            return reply.send(.undefined)
        }
        defer { if let list = read.attachments { g_variant_unref(list) } }
        // No main document URL: this sub-frame's process does not hold the main frame (site
        // isolation); the one the main frame's messages gave last stands.
        let mainText = String(cString: mainURI)
        let sender = SenderFacts(
            isMainFrame: read.main_frame != 0,
            frameOrigin: extensionOrigin.value(for: String(cString: origin), parse: SecurityOrigin.init(string:)),
            frameURL: extensionURL.value(for: String(cString: uri), parse: URL.init(string:)),
            mainDocumentURL: mainText.isEmpty
                ? extensionMainURL.value : extensionMainURL.value(for: mainText, parse: URL.init(string:))
        )
        connection.receive(pageMessage(read), from: sender, reply: answering(reply.send))
    }

    /// The page's message as `read` gives it: its text and attachments. The attachments' files are
    /// checked against the fd list, and their sizes as the message states them against the
    /// message limit with the text's (X7, B4), before any is mapped; the kernel's word on each
    /// file (sealed, of its size) before it is.
    private func pageMessage(_ read: TodayExtensionMessage) -> PageMessage {
        let text = UnsafeRawBufferPointer(start: read.text, count: Int(read.size))
        var stated: guint64 = 0
        if let problem = today_attachments_check(read.attachments, read.files, &stated) {
            return .unusable(String(cString: problem))
        }
        let size = Double(read.size) + Double(stated)
        if size > Double(connection.bridge.configuration.limits.maxMessageBytes) {
            return .json(javaScriptLength: size) { _ in }
        }
        guard let list = read.attachments else { return Self.pageMessage(text, attachments: []) }
        switch Self.attachments(list, files: read.files) {
        case .success(let (attachments, files)):
            page.deliveries.filesReceived += files
            return Self.pageMessage(text, attachments: attachments)
        case .failure(let problem): return .unusable(problem.reason)
        }
    }

    /// The bytes a message's text names by index (B2), each without a copy: over the message's own
    /// data (the element's variant released with the last `Data` sharing it), or a file's mapping
    /// (unmapped with the last `Data`); and how many were files.
    private static func attachments(
        _ list: OpaquePointer, files: UnsafeMutablePointer<GUnixFDList>?
    ) -> Result<([Data], Int), AttachmentProblem> {
        var attachments: [Data] = []
        var fileCount = 0
        for index in 0..<g_variant_n_children(list) {
            var read = TodayAttachment()
            if let problem = today_attachment_read(list, files, index, &read) {
                return .failure(AttachmentProblem(reason: String(cString: problem)))
            }
            guard let data = read.data, read.size > 0 else {
                VariantReference(read.element).release()
                attachments.append(Data())
                continue
            }
            let bytes = UnsafeMutableRawPointer(mutating: data)
            if read.mapped != 0 {
                fileCount += 1
                attachments.append(
                    Data(
                        bytesNoCopy: bytes, count: Int(read.size),
                        deallocator: .custom { today_attachment_unmap($0, gsize($1)) }))
            } else {
                let element = VariantReference(read.element)
                attachments.append(
                    Data(bytesNoCopy: bytes, count: Int(read.size), deallocator: .custom { _, _ in element.release() }))
            }
        }
        return .success((attachments, fileCount))
    }

    /// Why a message's attachments could not be read.
    private struct AttachmentProblem: Error {
        let reason: String
    }

    /// The channel's text: JSON, `#` and the length of a text too long to carry, or nothing for
    /// `undefined` (`messageText` in `webkitgtk/relay-events.ts`).
    private static func pageMessage(_ text: UnsafeRawBufferPointer, attachments: [Data]) -> PageMessage {
        guard let first = text.first else { return .value(nil) }
        guard first == UInt8(ascii: "#") else { return .json(utf8: text, attachments: attachments) }
        let length = Double(String(decoding: text.dropFirst(), as: UTF8.self)) ?? 0
        return .json(javaScriptLength: length) { _ in }
    }

    /// A variant the last `Data` over its bytes releases, on whichever thread frees that `Data`
    /// (GVariant's references are atomic).
    private struct VariantReference: @unchecked Sendable {
        let variant: OpaquePointer?
        init(_ variant: OpaquePointer?) { self.variant = variant }
        func release() { if let variant { g_variant_unref(variant) } }
    }

    /// A signal's argument, handed to GLib-isolated code on the same thread.
    private struct IncomingUserMessage: @unchecked Sendable {  // never leaves the GLib thread
        let message: OpaquePointer
    }
}
#endif
