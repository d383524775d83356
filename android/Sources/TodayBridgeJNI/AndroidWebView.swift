import Foundation
import TodayBridge

/// One Android `WebView`, connected by `NativeBridge.connect`: requests from its frames come in
/// with the message listener's facts; each reply goes back to the frame that asked, through its
/// `JavaScriptReplyProxy`, or, for a host without one, to the main frame as a script.
final class AndroidWebView: HostedObject {
    let connection: BridgeConnection
    /// Owned here: the connection keeps its web view weakly.
    private let page: HostWebView
    private let transport: StringTransport
    /// Native events from the app, emitted one after the other in the order the app sent them.
    private let events: AsyncStream<(name: String, data: JSONValue)>.Continuation

    var host: HostChannel { page.host }

    init(bridge: AndroidBridge, host: HostChannel) {
        page = HostWebView(host: host)
        connection = bridge.bridge.connect(page)
        transport = StringTransport(connection: connection)
        let (stream, events) = AsyncStream.makeStream(of: (name: String, data: JSONValue).self)
        self.events = events
        Task { [connection] in
            for await event in stream { await connection.emit(event.name, data: event.data) }
        }
    }

    /// Emits a native event to the page's subscribers (X3), after those emitted before it.
    func emit(_ name: String, data: JSONValue) {
        events.yield((name, data))
    }

    /// Answers one request of the Android shim. `route` is what the host's `reply` receives back
    /// with the answer (the frame's reply proxy); without one, the answer is delivered to the
    /// main frame with `evaluateJavascript` (the `@JavascriptInterface` fallback).
    func receive(_ request: String, from sender: SenderFacts, replyingTo route: JavaObject?) {
        let page = page
        transport.receive(request, from: sender) { reply in
            if let route {
                page.host.reply(reply, to: route)
            } else {
                Task { try? await page.deliver(.stringTransportReply(reply)) }
            }
        }
    }

    /// Calls the page's handler `name` (X4); the outcome goes to `route` through the host's
    /// `reply`: `{"value":…}` (no `value` for `undefined`) or `{"error","code"}`.
    func call(_ name: String, arguments: JSONValue?, fallback: JSONValue?, deadline: Double?, replyingTo route: JavaObject) {
        Task { [connection, host] in
            let outcome: JSONValue
            do throws(BridgeError) {
                let value = try await connection.call(name, arguments: arguments, default: fallback, deadline: deadline)
                outcome = .object(value.map { ["value": $0] } ?? [:])
            } catch {
                outcome = .object(["error": .string(error.message), "code": .string(error.code.rawValue)])
            }
            host.reply(outcome.jsonString, to: route)
        }
    }

    /// The web view is gone: every pending call settles, the host's open calls fail (C5).
    func destroy() {
        events.finish()
        connection.close()
        page.host.failPendingCalls()
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
        _ = try await host.call(.evaluateJavascript, .object(["script": .string(script)]))
    }

    func setCookie(_ cookie: BridgeCookie) async throws {
        let url = "https://\(cookie.domain)\(cookie.path)"
        _ = try await host.call(.setCookie, .object(["url": .string(url), "value": .string(cookie.setCookieHeaderValue)]))
    }
}
