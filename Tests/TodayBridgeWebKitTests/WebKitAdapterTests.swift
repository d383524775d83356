#if canImport(WebKit)
import Foundation
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting
@testable import TodayBridgeWebKit
import WebKit
import XCTest

/// The adapter in a real web view: Apple's `WKWebView` (the Apple workflow), and on Linux WebKit's
/// API over WebKitGTK (`make unit-test`). XCTest, not Swift Testing: WebKit is main-thread only,
/// and on Linux only XCTest's runner serves the main actor on the main thread (Swift Testing's
/// runs it on a pool thread). Each test's name starts with the rules it proves.
@MainActor
final class WebKitAdapterTests: RealWebViewTestCase {
    func test_C1_C7_channelAnswersMainFramePlatformTagInMainFrameOnly() async throws {
        let page = try RealWebView()
        await page.load(RealWebView.html(body: RealWebView.frame("tag", running: "typeof window.__todayWebView")))
        let platform = await page.evaluate("window.__todayWebView.platform") as? String
        XCTAssertEqual(platform, RealWebView.platform.rawValue)
        let framed = await page.wait { await page.evaluate("window.__frames.tag") as? String != nil }
        XCTAssertTrue(framed)
        let tag = await page.evaluate("window.__frames.tag") as? String
        XCTAssertEqual(tag, "undefined")
        let reply = await page.send(#"{"type":"nope"}"#)
        XCTAssertEqual(reply, "undefined")
        XCTAssertTrue(WebKitBridge.installed(in: page.configuration) === page.installation)
        XCTAssertTrue(
            WebKitBridge.install(page.bridge, in: page.view) === page.installation, "installing again is harmless")
    }

    func test_C8_T2_mainFrameOfTrustedHTTPSPageGetsAuthorization() async throws {
        let page = try RealWebView()
        await page.load()
        let sent = await page.send(#"{"type":"headers"}"#)
        let reply = try XCTUnwrap(sent)
        XCTAssertEqual(try JSONValue(parsing: reply), ["Authorization": "Bearer token-0", "X-Client": "today-test"])
    }

    func test_S1_C8_sameOriginAndOpaqueSubFramesGetUndefinedFromHeaders() async throws {
        let page = try RealWebView()
        let headers = RealWebView.frameSend(
            "{type: 'headers', isMainFrame: true, origin: 'https://trusted.example.com'}")
        await page.load(
            RealWebView.html(
                body: RealWebView.frame("same", running: headers)
                    + RealWebView.frame("opaque", sandboxed: true, running: headers)))
        let reported = await page.wait { await page.evaluate("Object.keys(window.__frames).length") as? Int == 2 }
        XCTAssertTrue(reported)
        let same = await page.evaluate("window.__frames.same") as? String
        let opaque = await page.evaluate("window.__frames.opaque") as? String
        XCTAssertEqual(same, "undefined")
        XCTAssertEqual(opaque, "undefined")
        XCTAssertEqual(page.tokens.refreshCount, 0)
    }

    func test_S3_cleartextPageGetsNoAuthorizationOnlyExtraHeaders() async throws {
        let page = try RealWebView()
        await page.load(baseURL: URL(string: "http://trusted.example.com/app/home")!)
        let sent = await page.send(#"{"type":"headers"}"#)
        let reply = try XCTUnwrap(sent)
        XCTAssertEqual(try JSONValue(parsing: reply), ["X-Client": "today-test"])
    }

    func test_T4_establishSessionMintsHttpOnlySecureCookieIntoTheViewsOwnStore() async throws {
        let page = try RealWebView()
        await page.load()
        let reply = await page.send(#"{"type":"establishSession"}"#)
        XCTAssertEqual(reply, #"{"ok":true}"#)
        let cookies = await withCheckedContinuation { (continuation: CheckedContinuation<[HTTPCookie], Never>) in
            page.configuration.websiteDataStore.httpCookieStore.getAllCookies { continuation.resume(returning: $0) }
        }
        let cookie = try XCTUnwrap(cookies.first { $0.name == "embed_bearer" })
        XCTAssertEqual(cookie.value, "token-0")
        XCTAssertEqual(cookie.path, "/api/")
        XCTAssertTrue(cookie.isSecure && cookie.isHTTPOnly)
        XCTAssertTrue(cookie.domain.hasSuffix("trusted.example.com"))
        let visible = await page.evaluate("document.cookie") as? String
        XCTAssertEqual(visible?.contains("embed_bearer"), false)
    }

    func test_S4_newMainDocumentIsNewDocumentPushStateIsNot() async throws {
        let page = try RealWebView()
        await page.load()
        let first = page.connection.currentDocument
        _ = await page.evaluate("history.pushState(null, '', '/app/other'); true")
        _ = await page.send(#"{"type":"nope"}"#)  // a round trip after the history change
        XCTAssertEqual(page.connection.currentDocument, first)
        await page.load()
        XCTAssertNotEqual(page.connection.currentDocument, first)
    }

    func test_S4_C8_relayIsOutOfThePagesReachAndItsChannelCannotBeReplaced() async throws {
        let page = try RealWebView()
        await page.load()
        let before = page.connection.currentDocument
        let relay = WebKitPageScripts.relayHandler(channel: page.bridge.configuration.channelName)
        let reachable = await page.evaluate("typeof (window.webkit.messageHandlers['\(relay)'])") as? String
        XCTAssertEqual(reachable, "undefined", "the relay's handler lives in the bridge's own world")
        let replaced =
            await page.evaluate(
                """
                (function () {
                  var channel = window.webkit.messageHandlers.todayWebViewBridge;
                  try { Object.defineProperty(window.webkit.messageHandlers, 'todayWebViewBridge', { value: {} }); } catch (e) {}
                  return window.webkit.messageHandlers.todayWebViewBridge === channel && Object.isFrozen(channel);
                })()
                """) as? Bool
        XCTAssertEqual(replaced, true, "the main frame's channel stays the relay's")
        XCTAssertEqual(page.connection.currentDocument, before)
    }

    func test_C4_C5_capabilityThatThrowsRejectsWithTheCoresReason() async throws {
        struct Broken: Error {}
        let page = try RealWebView()
        try page.bridge.register("explode", access: .anyFrame) { (_: NoResult, _) -> NoResult in throw Broken() }
        await page.load()
        let reply = await page.send(#"{"type":"explode"}"#)
        XCTAssertEqual(reply?.hasPrefix("error:TodayBridgeError:"), true, "\(reply ?? "nil")")
        XCTAssertEqual(reply?.contains("Broken"), false, "no native error text crosses")
    }

    func test_C5_everyMessageGetsExactlyOneReplyWhateverItsShape() async throws {
        let page = try RealWebView()
        await page.load()
        let replies =
            await page.call(
                """
                const bodies = [{type: 'headers'}, {type: 'track', ename: 'x'}, {type: 'nope'}, {type: 3}, {no: 'type'}, 'text', 42, null, [1, 2], undefined];
                const settled = await Promise.allSettled(bodies.map((b) => window.webkit.messageHandlers.todayWebViewBridge.postMessage(b)));
                return settled.map((s) => s.status);
                """) as? [String]
        XCTAssertEqual(replies, Array(repeating: "fulfilled", count: 10))
        XCTAssertEqual(page.connection.pendingCallCount, 0)
    }

    func test_C5_X7_bodyTooDeepResolvesUndefinedAndIsReported() async throws {
        try await assertBodyRefusedByTheBridge(levels: 70)
    }

    func test_C5_X7_bodyFiveThousandLevelsDeepReachesTheBridgeAndResolvesUndefined() async throws {
        // WebKit's serialization carries 40,000 levels: the body reaches the app, whose reader
        // refuses it by depth (X7), not the engine.
        try await assertBodyRefusedByTheBridge(levels: 5_000)
    }

    /// Posts a `headers` body nested `levels` deep: it resolves `undefined`, reported as undecodable.
    private func assertBodyRefusedByTheBridge(levels: Int, line: UInt = #line) async throws {
        let page = try RealWebView()
        await page.load()
        let seen = SeenDiagnostics(page.bridge.diagnostics())
        let reply =
            await page.call(
                """
                let deep = 0;
                for (let i = 0; i < levels; i++) deep = [deep];
                return String(await window.webkit.messageHandlers.todayWebViewBridge.postMessage({type: 'headers', deep}));
                """, arguments: ["levels": levels]) as? String
        XCTAssertEqual(reply, "undefined", line: line)
        let reported = await page.wait { seen.codes.contains(.undecodableMessage) }
        XCTAssertTrue(reported, "\(seen.codes)", line: line)
    }

    func test_C5_X5_viewReleasedMidCallSettlesTheCallAndLeavesNothingPending() async throws {
        let page = try RealWebView()
        await page.load()
        let connection = page.connection
        page.tokens.hold()
        _ = await page.evaluate("window.__send({type: 'refreshToken'}); true")
        let pending = await page.wait { connection.pendingCallCount == 1 }
        XCTAssertTrue(pending)
        weak var gone: WKWebView?
        gone = page.webView
        page.webView = nil
        XCTAssertNil(gone, "the handler WebKit retains keeps no web view alive")
        let settled = await page.wait { connection.pendingCallCount == 0 }
        XCTAssertTrue(settled)
        page.tokens.release()
    }

    func test_X3_X4_eventsAndNativeCallsReachThePageThroughCallAsyncJavaScript() async throws {
        let page = try RealWebView()
        await page.load(
            RealWebView.html(
                body: """
                    <script>
                    window.__events = [];
                    window.addEventListener('todaywebviewbridge', function (event) {
                      var d = event.detail;
                      if (d.kind === 'event') window.__events.push(d.name + ':' + JSON.stringify(d.data));
                      if (d.kind === 'call') window.__send({type: '__today.reply', id: d.id, value: d.args.n + 1});
                    });
                    </script>
                    """))
        let subscribed = await page.send(#"{"type":"__today.subscribe","event":"cart.changed"}"#)
        XCTAssertEqual(subscribed, "[]")
        let connection = page.connection
        await connection.emit("cart.changed", data: ["count": 2, "note": nil])
        let delivered = await page.wait { await page.evaluate("window.__events.length") as? Int == 1 }
        XCTAssertTrue(delivered)
        let first = await page.evaluate("window.__events[0]") as? String
        let event = try XCTUnwrap(first)
        XCTAssertTrue(event.hasPrefix("cart.changed:"), event)
        XCTAssertEqual(
            try JSONValue(parsing: String(event.dropFirst("cart.changed:".count))), ["count": 2, "note": nil])
        let answer = try await connection.call("addOne", arguments: ["n": 41])
        XCTAssertEqual(answer, 42)
    }
}
/// The diagnostics a bridge reported so far, collected on the main actor.
@MainActor
final class SeenDiagnostics {
    private(set) var codes: [BridgeDiagnostic.Code] = []
    private var task: Task<Void, Never>?

    init(_ stream: AsyncStream<BridgeDiagnostic>) {
        task = Task { @MainActor [weak self] in
            for await diagnostic in stream { self?.codes.append(diagnostic.code) }
        }
    }

    deinit { task?.cancel() }
}
#endif
