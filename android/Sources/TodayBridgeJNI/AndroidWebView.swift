#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Android)
import Android
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
@_spi(Adapters) import TodayBridge
import TodayBridgeAndroidWire

/// One Android `WebView`, connected by `NativeBridge.connect`: requests from its frames come in
/// with the message listener's facts; each reply goes back to the frame that asked, through its
/// `JavaScriptReplyProxy`, or, for a host without one, to the main frame as a script.
///
/// The glue tells it each new main document, and each one restored from the back-forward cache,
/// with its committed URL (S4, C8); the frames' messages are judged against that URL, never the web view's current one, which can be a
/// navigation still loading. Closed (`NativeBridge.disconnect`), it still answers what its page
/// sends, as a closed connection answers, until the glue releases it.
final class AndroidWebView: HostedObject {
    let connection: BridgeConnection
    /// Owned here: the connection keeps its web view weakly.
    private let page: HostWebView
    private let transport: StringTransport
    /// Whether replies through a reply proxy carry bytes beside their text (B2): the shim was
    /// installed with `attachesBytes` (`WEB_MESSAGE_ARRAY_BUFFER`).
    let attachesBytes: Bool
    private let facts = Mutex(DocumentFacts())
    /// Native events from the app, emitted one after the other in the order the app sent them.
    private let events: AsyncStream<(name: String, data: JSONValue)>.Continuation

    var host: HostChannel { page.host }

    init(bridge: AndroidBridge, host: HostChannel, attachesBytes: Bool) {
        self.attachesBytes = attachesBytes
        page = HostWebView(host: host)
        connection = bridge.bridge.connect(page)
        transport = StringTransport(connection: connection)
        let (stream, events) = AsyncStream.makeStream(of: (name: String, data: JSONValue).self)
        self.events = events
        Task { [connection] in
            for await event in stream { await connection.emit(event.name, data: event.data) }
        }
    }

    /// The main frame committed a new document at `url` (S4): the old one's calls settle.
    func documentDidChange(url: URL?) {
        judgeBy(url)
        connection.documentDidChange()
    }

    /// The main frame shows again, at `url`, a document restored from the back-forward cache (S4):
    /// the replaced document's calls settle; the restored one is judged by its own URL again.
    func documentWasRestored(url: URL?) {
        judgeBy(url)
        connection.documentWasRestored()
    }

    /// From now on the frames' messages are judged against the main document at `url`.
    private func judgeBy(_ url: URL?) {
        facts.withLock { facts in
            facts.mainDocumentURL = url
            facts.lastSender = nil
        }
    }

    /// The sender's facts for a request from a frame whose origin is `origin` (UTF-8, `"null"`
    /// when opaque): read once, and handed out again, while the origin, the kind of frame and the
    /// document stay the same.
    func sender(isMainFrame: Bool, origin: UnsafeBufferPointer<UInt8>?) -> SenderFacts {
        facts.withLock { facts in
            if !facts.isOrigin(origin) {
                facts.originBytes = origin.map(Array.init)
                facts.origin = origin.flatMap { SecurityOrigin(string: String(decoding: $0, as: UTF8.self)) }
                facts.lastSender = nil
            }
            if let last = facts.lastSender, last.isMainFrame == isMainFrame { return last }
            let sender = SenderFacts(
                isMainFrame: isMainFrame, frameOrigin: facts.origin, mainDocumentURL: facts.mainDocumentURL)
            facts.lastSender = sender
            return sender
        }
    }

    /// Answers one request of the Android shim; `answer` gets the reply, or never for a notification.
    func receive(
        _ request: UnsafeBufferPointer<UInt8>, from sender: SenderFacts, answer: @escaping @Sendable ([UInt8]) -> Void
    ) {
        transport.receive(utf8: request, from: sender, reply: answer)
    }

    /// Answers one request of the Android shim in the attachments form (B2): `attachments` are
    /// the `ArrayBuffer`s its reply proxy carried since its last text, in order; `answer` gets the
    /// reply's text and the bytes it names, for the glue to post before it.
    func receive(
        _ request: UnsafeBufferPointer<UInt8>, attachments: [Data], from sender: SenderFacts,
        answer: @escaping @Sendable (AttachedJSON) -> Void
    ) {
        transport.receive(utf8: request, attachments: attachments, from: sender) { text, attachments in
            answer(AttachedJSON(text: text, attachments: attachments))
        }
    }

    /// A reply for the main frame, without a reply route: delivered with `evaluateJavascript`.
    func deliverToMainFrame(_ reply: [UInt8]) {
        let page = page
        let text = String(decoding: reply, as: UTF8.self)
        Task { try? await page.deliver(.stringTransportReply(text)) }
    }

    /// Emits a native event to the page's subscribers (X3), after those emitted before it.
    func emit(_ name: String, data: JSONValue) {
        events.yield((name, data))
    }

    /// Calls the page's handler `name` (X4); `outcome` gets a ``NativeCallOutcome``'s JSON text, as UTF-8.
    func call(
        _ name: String, arguments: JSONValue?, fallback: JSONValue?, deadline: Double?,
        outcome: @escaping @Sendable ([UInt8]) -> Void
    ) {
        Task { [connection] in
            let result: NativeCallOutcome
            do throws(BridgeError) {
                let value = try await connection.call(name, arguments: arguments, default: fallback, deadline: deadline)
                result = NativeCallOutcome(value: value, error: nil, code: nil)
            } catch {
                result = NativeCallOutcome(value: nil, error: error.message, code: error.code.rawValue)
            }
            outcome(((try? JSONValueEncoder().encode(result)) ?? .object([:])).jsonUTF8)
        }
    }

    /// The web view is closed (C5): every pending call settles and the host's open calls fail;
    /// later requests are answered as a closed connection answers them.
    func close() {
        events.finish()
        connection.close()
        page.host.failPendingCalls()
    }

    /// The renderer is gone (C5, S4).
    func webProcessDidTerminate(didCrash: Bool) {
        connection.webProcessDidTerminate(didCrash ? .crashed : .killed)
    }
}

/// What the glue said about the main document, the last sender origin read, and the facts last
/// made of them.
private struct DocumentFacts {
    var mainDocumentURL: URL?
    var originBytes: [UInt8]?
    var origin: SecurityOrigin?
    var lastSender: SenderFacts?

    /// Whether `bytes` (or null) are the origin last read.
    func isOrigin(_ bytes: UnsafeBufferPointer<UInt8>?) -> Bool {
        switch (originBytes, bytes) {
        case (nil, nil): true
        case (let kept?, let bytes?):
            kept.count == bytes.count
                && kept.withUnsafeBytes { kept in
                    kept.isEmpty || memcmp(kept.baseAddress!, bytes.baseAddress!, bytes.count) == 0
                }
        default: false
        }
    }
}

/// The way out of the core into the web view: script for the main frame and the session cookie,
/// each a host service the glue runs on the UI thread.
private final class HostWebView: BridgeWebView {
    let host: HostChannel

    init(host: HostChannel) {
        self.host = host
    }

    func evaluateInMainFrame(_ script: String) async throws {
        _ = try await host.call(
            .evaluateJavascript, try JSONValueEncoder().encode(EvaluateJavascriptArguments(script: script)) ?? .null)
    }

    func setCookie(_ cookie: BridgeCookie) async throws {
        let arguments = SetCookieArguments(
            url: "https://\(cookie.domain)\(cookie.path)", value: cookie.setCookieHeaderValue)
        _ = try await host.call(.setCookie, try JSONValueEncoder().encode(arguments) ?? .null)
    }
}
