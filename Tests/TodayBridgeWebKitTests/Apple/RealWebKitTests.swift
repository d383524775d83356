#if canImport(WebKit) && !os(Linux)
import Foundation
import Testing
import TodayBridge
import TodayBridgeTesting
import TodayBridgeWebKit
import WebKit

/// The adapter in a real `WKWebView` (Apple platforms only; not run on the Linux machine where
/// the project is developed: the mirror-engine suite covers the same rules there).
@Suite("WebKit adapter (real WKWebView)")
@MainActor
struct RealWebKitTests {
    @Test("C1 C7 the channel answers the main frame; the platform tag is set in the main frame only")
    func c1c7ChannelAndTag() throws {
        let page = try RealWebView()
        page.load(RealWebView.html(body: RealWebView.frame("tag", running: "typeof window.__todayWebView")))
        #expect(page.evaluate("window.__todayWebView.platform") as? String == RealWebView.platform.rawValue)
        #expect(page.spin { (page.evaluate("window.__frames.tag") as? String) != nil })
        #expect(page.evaluate("window.__frames.tag") as? String == "undefined")
        #expect(page.send(#"{"type":"nope"}"#) == "undefined")
    }

    @Test("C8 T2 the main frame of a trusted HTTPS page gets its Authorization")
    func c8MainFrameHeaders() throws {
        let page = try RealWebView()
        page.load()
        let reply = try #require(page.send(#"{"type":"headers"}"#))
        #expect(try JSONValue(parsing: reply) == ["Authorization": "Bearer token-0", "X-Client": "today-test"])
    }

    @Test("S1 a same-origin sub-frame and an opaque-origin sub-frame get undefined from headers")
    func s1SubFrames() throws {
        let page = try RealWebView()
        let headers = RealWebView.frameSend("{type: 'headers'}")
        page.load(RealWebView.html(body: RealWebView.frame("same", running: headers) + RealWebView.frame("opaque", sandboxed: true, running: headers)))
        #expect(page.spin { page.evaluate("Object.keys(window.__frames).length") as? Int == 2 })
        #expect(page.evaluate("window.__frames.same") as? String == "undefined")
        #expect(page.evaluate("window.__frames.opaque") as? String == "undefined")
    }

    @Test("S3 a cleartext http page gets no Authorization, only the surface's extra headers")
    func s3Cleartext() throws {
        let page = try RealWebView()
        page.load(baseURL: URL(string: "http://trusted.example.com/app/home")!)
        let reply = try #require(page.send(#"{"type":"headers"}"#))
        #expect(try JSONValue(parsing: reply) == ["X-Client": "today-test"])
    }

    @Test("T4 establishSession mints an HttpOnly, Secure cookie on /api/ into the view's own store")
    func t4Cookie() throws {
        let page = try RealWebView()
        page.load()
        #expect(page.send(#"{"type":"establishSession"}"#) == #"{"ok":true}"#)
        let stored = RealWebView.Box()
        page.configuration.websiteDataStore.httpCookieStore.getAllCookies { cookies in
            stored.value = cookies
            stored.isDone = true
        }
        #expect(page.spin { stored.isDone })
        let cookie = try #require((stored.value as? [HTTPCookie])?.first { $0.name == "embed_bearer" })
        #expect(cookie.value == "token-0" && cookie.path == "/api/" && cookie.isSecure && cookie.isHTTPOnly)
        #expect(cookie.domain.hasSuffix("trusted.example.com"))
        #expect((page.evaluate("document.cookie") as? String)?.contains("embed_bearer") == false)
    }

    @Test("S4 a new main document is a new document; pushState is not")
    func s4DocumentIdentity() throws {
        let page = try RealWebView()
        page.load()
        let first = page.connection.currentDocument
        _ = page.evaluate("history.pushState(null, '', '/app/other'); true")
        page.spin(timeout: 0.5) { false }
        #expect(page.connection.currentDocument == first)
        page.load()
        #expect(page.connection.currentDocument != first)
    }

    @Test("C4 C5 a capability that throws rejects the page's promise with the core's reason")
    func c5HandlerThrows() throws {
        struct Broken: Error {}
        let page = try RealWebView()
        try page.bridge.register("explode", access: .anyFrame) { (_: NoResult, _) -> NoResult in throw Broken() }
        page.load()
        #expect(page.send(#"{"type":"explode"}"#)?.hasPrefix("error:TodayBridgeError:") == true)
    }

    @Test("C5 a web view released mid-call settles the call and leaves nothing pending")
    func c5ViewGoneMidCall() throws {
        let page = try RealWebView()
        page.load()
        let connection = page.connection
        page.tokens.hold()
        _ = page.evaluate("window.__send({type: 'refreshToken'}); true")
        #expect(page.spin { connection.pendingCallCount == 1 })
        page.webView = nil
        #expect(page.spin { connection.pendingCallCount == 0 })
        page.tokens.release()
    }

    @Test("X3 X4 events and native calls reach the page through evaluateJavaScript")
    func x3x4EventsAndCalls() throws {
        let page = try RealWebView()
        page.load(RealWebView.html(body: """
            <script>
            window.__events = [];
            window.addEventListener('todaywebviewbridge', function (event) {
              var d = event.detail;
              if (d.kind === 'event') window.__events.push(d.name + ':' + JSON.stringify(d.data));
              if (d.kind === 'call') window.__send({type: '__today.reply', id: d.id, value: d.args.n + 1});
            });
            </script>
            """))
        #expect(page.send(#"{"type":"__today.subscribe","event":"cart.changed"}"#) == "[]")
        let connection = page.connection
        Task { await connection.emit("cart.changed", data: ["count": 2]) }
        #expect(page.spin { page.evaluate("window.__events.length") as? Int == 1 })
        #expect(page.evaluate("window.__events[0]") as? String == #"cart.changed:{"count":2}"#)

        let answer = RealWebView.Box()
        Task {
            answer.value = try? await connection.call("addOne", arguments: ["n": 41])
            answer.isDone = true
        }
        #expect(page.spin { answer.isDone })
        #expect(answer.value as? JSONValue == 42)
    }
}
#endif
