#if canImport(WebKit)
import Foundation
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting
@testable import TodayBridgeWebKit
import WebKit
import XCTest

/// The adapter across navigations in a real web view: Back and Forward through WebKit's
/// back-forward cache, a page's own navigation while it is pending, `pushState`, and a realm kept
/// alive after its document left (S4, C8, C5, X3). Pages come from the view's ``PageServer``:
/// ``RealWebView/home`` is on the trusted surface (the app's scheme), ``RealWebView/elsewhere`` on
/// no surface and of another origin.
@MainActor
final class WebKitNavigationTests: RealWebViewTestCase {
    static let authorized: JSONValue = ["Authorization": "Bearer token-0", "X-Client": "today-test"]

    /// What `headers` answers the main frame of `page`'s view, parsed (`nil` for `undefined` or a rejection).
    private func headers(_ page: RealWebView) async -> JSONValue? {
        await page.send(#"{"type":"headers"}"#).flatMap { try? JSONValue(parsing: $0) }
    }

    /// Back to a trusted page WebKit restored from its back-forward cache: the same window, a
    /// document of its own again (restored, so no second `host.ready`), and its credentials.
    func test_S4_X3_backToATrustedPageRestoredFromTheCacheKeepsItsBridgeAndItsCredentials() async throws {
        let page = try RealWebView()
        await page.open(RealWebView.home)
        _ = await page.evaluate("window.__mark = 'first visit'; true")
        let first = page.connection.currentDocument
        let firstVisit = await headers(page)
        XCTAssertEqual(firstVisit, Self.authorized)
        _ = await page.evaluate("location.href = \(ProbedWebView.literal(RealWebView.elsewhere)); true")
        await page.arrive(at: RealWebView.elsewhere, after: first)
        let away = page.connection.currentDocument
        let elsewhere = await headers(page)

        XCTAssertEqual(elsewhere, [:], "another origin, on no surface")
        XCTAssertNotNil(page.view.goBack())
        await page.arrive(at: RealWebView.home, after: away)
        let mark = await page.evaluate("window.__mark") as? String
        XCTAssertEqual(mark, "first visit", "restored from the back-forward cache, not loaded again")
        XCTAssertNotEqual(page.connection.currentDocument, first, "current again under a new id")
        let restored = await headers(page)

        XCTAssertEqual(restored, Self.authorized)
        let backlog = await page.send(#"{"type":"__today.subscribe","event":"host.ready"}"#)
        XCTAssertEqual(backlog, "[]", "a restored document gets no second host.ready")
    }

    /// A call in flight when its page went into the back-forward cache settles once (cancelled,
    /// S4): the page sees it when it is shown again, and a late answer changes nothing.
    func test_C5_S4_aCallInFlightWhenThePageWasCachedSettlesExactlyOnceWhenItIsShownAgain() async throws {
        let page = try RealWebView()
        await page.open(RealWebView.home)
        page.tokens.hold()
        _ = await page.evaluate(
            "window.__settled = []; window.__send({type: 'refreshToken'}).then(function (r) { window.__settled.push(r); }); true"
        )
        let pending = await page.wait { page.connection.pendingCallCount == 1 }
        XCTAssertTrue(pending)
        let first = page.connection.currentDocument
        _ = await page.evaluate("location.href = \(ProbedWebView.literal(RealWebView.elsewhere)); true")
        await page.arrive(at: RealWebView.elsewhere, after: first)
        XCTAssertEqual(page.connection.pendingCallCount, 0, "the cached page's call settled when it left")
        let away = page.connection.currentDocument
        page.view.goBack()
        await page.arrive(at: RealWebView.home, after: away)
        let settled = await page.wait { await page.evaluate("window.__settled.length") as? Int == 1 }
        XCTAssertTrue(settled)
        page.tokens.release()
        _ = await page.send(#"{"type":"nope"}"#)  // a round trip after the late answer
        let outcomes = await page.evaluate("JSON.stringify(window.__settled)") as? String
        let outcome = try XCTUnwrap(outcomes)
        XCTAssertTrue(outcome.hasPrefix(#"["error:TodayBridgeError:"#) && outcome.contains("cancelled"), outcome)
        let settlements = await page.evaluate("window.__settled.length") as? Int

        XCTAssertEqual(settlements, 1)
    }

    /// The stale-realm attack: a page of another origin keeps its channel alive in a popup, goes
    /// back to the trusted page (restored from the cache), and the popup calls through the kept
    /// channel. WebKit reports the frame's current document for such a message (the trusted
    /// page's main frame): the adapter must dispatch nothing for it. The answers settle in the
    /// realm that sent (a document in the back-forward cache runs them once shown again, as WebKit
    /// queues a suspended document's promises), so the page goes forward again to read them.
    func test_S4_C8_aPopupHoldingTheChannelOfAPageThatLeftGetsNoCredentialAndNothingIsDispatched() async throws {
        let page = try RealWebView()
        let popupURL = "other://pages/popup"
        page.server.pages[popupURL] = RealWebView.html()
        let dispatched = Locked<[Bool]>([])
        try page.bridge.register("whoami", access: .anyFrame) { (_: NoResult, context) -> Bool in
            dispatched.withLock { $0.append(context.sender.isMainFrame) }
            return context.sender.isMainFrame
        }
        await page.open(RealWebView.home)
        let first = page.connection.currentDocument
        _ = await page.evaluate("location.href = \(ProbedWebView.literal(RealWebView.elsewhere)); true")
        await page.arrive(at: RealWebView.elsewhere, after: first)
        _ = await page.evaluate(
            "window.__popup = window.open(\(ProbedWebView.literal(popupURL))); window.__left = 'the page that left'; true"
        )
        let popup = try XCTUnwrap(page.windows.opened.first)
        await page.arrive(at: popupURL, in: popup)
        let kept =
            await page.evaluate("window.__popup.kept = window.webkit.messageHandlers.todayWebViewBridge; true") as? Bool
        XCTAssertEqual(kept, true)
        let away = page.connection.currentDocument
        _ = await page.evaluate("history.back(); true")
        await page.arrive(at: RealWebView.home, after: away)
        let restored = page.connection.currentDocument

        _ = await page.evaluate(
            """
            window.__answers = [];
            [{type: 'headers'}, {type: 'refreshToken'}, {type: 'whoami'}].forEach(function (message) {
              kept.postMessage(message).then(
                function (value) { window.__answers.push(value === undefined ? 'undefined' : JSON.stringify(value)); },
                function (error) { window.__answers.push('error:' + error.message); });
            });
            true
            """, in: popup)
        page.view.goForward()
        await page.arrive(at: RealWebView.elsewhere, after: restored)
        let left = await page.evaluate("window.__left") as? String
        XCTAssertEqual(left, "the page that left", "restored from the back-forward cache")
        let settled = await page.wait { await page.evaluate("window.__answers.length", in: popup) as? Int == 3 }
        XCTAssertTrue(settled)
        let answers = await page.evaluate("JSON.stringify(window.__answers)", in: popup) as? String
        let replies = try XCTUnwrap(answers)
        XCTAssertFalse(replies.contains("Bearer"), replies)
        XCTAssertFalse(replies.contains(#""true""#), replies)
        XCTAssertEqual(page.tokens.refreshCount, 0)
        XCTAssertFalse(dispatched.withLock { $0 }.contains(true), "nothing dispatched as the main frame")
    }

    /// A page is judged by the document WebKit says sent the message, not by the view's URL, which
    /// is the next page's while a navigation is pending: here a page off the surface's path prefix.
    /// A sub-frame's message is judged by the main document as the main frame last reported it
    /// (its `track` event names the surface of the page on screen).
    func test_C8_S3_aPageIsJudgedByItsCommittedURLNotByThePendingOne() async throws {
        let page = try RealWebView()
        let outside = "myapp://pages/outside"
        page.server.pages[outside] = RealWebView.html()
        page.server.pages[RealWebView.home] = RealWebView.html(
            body: RealWebView.frame("sub", running: "Promise.resolve('loaded')"))
        await page.open(RealWebView.home)
        page.server.holding = [outside]
        _ = await page.evaluate("location.href = \(ProbedWebView.literal(outside)); true")
        let pending = await page.wait { page.server.isHolding(outside) && page.view.url?.absoluteString == outside }
        XCTAssertTrue(pending, "the view's URL is the pending one: \(page.view.url?.absoluteString ?? "nil")")
        let whilePending = await headers(page)

        XCTAssertEqual(whilePending, Self.authorized)
        _ = await page.call(
            """
            const frame = document.querySelector('iframe').contentWindow;
            return await frame.webkit.messageHandlers.todayWebViewBridge.postMessage({type: 'track', ename: 'sub_frame_event'});
            """)
        await page.bridge.flushAnalytics()
        let event = try XCTUnwrap(page.analytics.events.first { $0.name == "sub_frame_event" })
        XCTAssertEqual(event.properties["ctx"]?["frame"], "sub")
        XCTAssertEqual(
            event.properties["ctx"]?["surface"], "feed",
            "the main document on screen is on the surface; the pending one is not")
        page.server.release(outside)
    }

    /// `pushState` moves the document's URL (WebKit's frame info follows it) without making a new
    /// document: the page is judged by where it moved.
    func test_C8_S4_pushStateMovesTheDocumentsURLNotItsDocument() async throws {
        let page = try RealWebView()
        await page.open(RealWebView.home)
        let document = page.connection.currentDocument
        _ = await page.evaluate("history.pushState(null, '', '/outside'); true")
        let outside = await headers(page)

        XCTAssertEqual(outside, [:], "off the surface's path prefix")
        _ = await page.evaluate("history.pushState(null, '', '/app/again'); true")
        let inside = await headers(page)

        XCTAssertEqual(inside, Self.authorized)
        XCTAssertEqual(page.connection.currentDocument, document)
    }
}
#endif
