#if canImport(WebKit)
import Foundation
import WebKit
import XCTest

/// What WebKit itself does, with no bridge installed: on Linux these prove the emulation of
/// WebKit's API over WebKitGTK behaves as WebKit (each names the WebKit source it follows), and on
/// Apple platforms the same tests hold for the real `WKWebView`.
@MainActor
final class WebKitEmulationTests: RealWebViewTestCase {
    static let home = "myapp://pages/app/home"
    static let other = "other://pages/b"
    static let popup = "other://pages/popup"

    private func probedView(opensWindows: Bool = true) -> ProbedWebView {
        let probed = ProbedWebView(opensWindows: opensWindows)
        for url in [Self.home, Self.other, Self.popup] { probed.server.pages[url] = ProbedWebView.page() }
        return probed
    }

    /// Back and Forward restore a document from the back-forward cache as it was: the same window
    /// object, `pageshow` with `persisted`, and its messages' frame info is the restored
    /// document's (`WebFrame::info()`, from the frame's document loader).
    func test_S4_backAndForwardRestoreTheCachedDocumentAsItWas() async throws {
        let probed = probedView()
        await probed.load(Self.home)
        let id = await probed.evaluate("window.__id") as? Double
        XCTAssertFalse(probed.view.canGoBack)
        _ = await probed.evaluate("location.href = \(ProbedWebView.literal(Self.other)); true")
        await probed.arrive(at: Self.other)
        XCTAssertTrue(probed.view.canGoBack)
        XCTAssertNotNil(probed.view.goBack())
        await probed.arrive(at: Self.home)
        let restoredID = await probed.evaluate("window.__id") as? Double
        XCTAssertEqual(restoredID, id, "the same window object")
        let shows = await probed.evaluate("JSON.stringify(window.__shows)") as? String
        XCTAssertEqual(shows, "[false,true]", "pageshow, then pageshow with persisted")
        let received = await probed.message(after: "__probe('back'); true")
        let message = try XCTUnwrap(received)
        XCTAssertTrue(message.frameInfo.isMainFrame)
        XCTAssertEqual(message.frameInfo.request.url?.absoluteString, Self.home)
        XCTAssertEqual(message.frameInfo.securityOrigin.protocol, "myapp")
        XCTAssertTrue(probed.view.canGoForward)
        XCTAssertNotNil(probed.view.goForward())
        await probed.arrive(at: Self.other)
    }

    /// `WKFrameInfo.request` follows `pushState`, as WebKit's document loader does
    /// (`Document::updateURLForPushOrReplaceState`, `DocumentLoader::replaceRequestURLForSameDocumentNavigation`).
    func test_C8_frameInfoRequestFollowsPushState() async throws {
        let probed = probedView()
        await probed.load(Self.home)
        let received = await probed.message(
            after: "history.pushState(null, '', '/app/pushed'); __probe('pushed'); true")
        let message = try XCTUnwrap(received)
        XCTAssertEqual(message.frameInfo.request.url?.absoluteString, "myapp://pages/app/pushed")
        XCTAssertEqual(probed.view.url?.absoluteString, "myapp://pages/app/pushed")
    }

    /// While a page's own navigation waits for its response, `url` is the URL it loads (WebKit's
    /// `-[WKWebView URL]` is `PageLoadState::activeURL`, the provisional URL), while the document
    /// on screen still reports its own in its messages' frame info.
    func test_C8_urlIsTheProvisionalURLWhileTheDocumentOnScreenReportsItsOwn() async throws {
        let probed = probedView()
        await probed.load(Self.home)
        probed.server.holding = [Self.other]
        _ = await probed.evaluate("location.href = \(ProbedWebView.literal(Self.other)); true")
        let pending = await RealWebView.wait { probed.server.isHolding(Self.other) }
        XCTAssertTrue(pending)
        let provisional = await RealWebView.wait { probed.view.url?.absoluteString == Self.other }
        XCTAssertTrue(provisional, "url is the provisional URL: \(probed.view.url?.absoluteString ?? "nil")")
        let received = await probed.message(after: "__probe('still here'); true")
        let message = try XCTUnwrap(received)
        XCTAssertEqual(message.frameInfo.request.url?.absoluteString, Self.home)
        probed.server.release(Self.other)
        await probed.arrive(at: Self.other)
        XCTAssertEqual(probed.view.url?.absoluteString, Self.other)
    }

    /// A page opens a window: WebKit asks the UI delegate for a view made from the configuration it
    /// hands over, which shares the opener's web process, so the two pages reach each other's
    /// JavaScript. Without `javaScriptCanOpenWindowsAutomatically` (off, as on iOS), a page's own
    /// `window.open` without a user's gesture gets `null` and the delegate is not asked (the app's
    /// `evaluateJavaScript` counts as a gesture in WebKit, so the page opens it itself here).
    func test_S4_windowOpenAsksTheUIDelegateForAViewSharingTheOpenersProcess() async throws {
        let opener = "other://pages/opener"
        let opening = ProbedWebView.page(
            "<script>window.__popup = window.open(\(ProbedWebView.literal(Self.popup))); window.__opened = window.__popup !== null;</script>"
        )
        let refused = probedView(opensWindows: false)
        refused.server.pages[opener] = opening
        await refused.load(opener)
        let blocked = await refused.evaluate("window.__opened") as? Bool
        XCTAssertEqual(blocked, false)
        XCTAssertTrue(refused.popups.isEmpty)

        let probed = probedView()
        probed.server.pages[opener] = opening
        await probed.load(opener)
        let opened = await probed.evaluate("window.__opened") as? Bool
        XCTAssertEqual(opened, true)
        let popup = try XCTUnwrap(probed.popups.first)
        await probed.arrive(at: Self.popup, in: popup)
        let reached = await probed.evaluate("typeof window.opener.__probe", in: popup) as? String
        XCTAssertEqual(reached, "function", "the popup reaches its opener's realm")
        _ = await probed.evaluate("window.close(); true", in: popup)
        let closed = await RealWebView.wait { probed.closed.contains { $0 === popup } }
        XCTAssertTrue(closed)
    }

    /// A realm kept after its document left posts through the handler object it holds, and
    /// WebKit reports the frame's current document: the handler belongs to its frame
    /// (`UserMessageHandler` is a `FrameDestructionObserver`), and
    /// `WebUserMessageHandlerDescriptorProxy::didPostMessage` sends `webFrame->info()`
    /// (`Source/WebKit/WebProcess/UserContent/WebUserContentController.cpp`).
    func test_C8_S4_aRealmKeptAfterItsDocumentLeftIsReportedAsTheFramesCurrentDocument() async throws {
        let probed = probedView()
        await probed.load(Self.home)
        _ = await probed.evaluate("location.href = \(ProbedWebView.literal(Self.other)); true")
        await probed.arrive(at: Self.other)
        _ = await probed.evaluate("window.__popup = window.open(\(ProbedWebView.literal(Self.popup))); true")
        let popup = try XCTUnwrap(probed.popups.first)
        await probed.arrive(at: Self.popup, in: popup)
        let kept = await probed.evaluate("window.__popup.kept = window.webkit.messageHandlers.probe; true") as? Bool
        XCTAssertEqual(kept, true)
        _ = await probed.evaluate("history.back(); true")
        await probed.arrive(at: Self.home)
        let received = await probed.message(after: "kept.postMessage({from: 'the popup'}); true", in: popup)
        let message = try XCTUnwrap(received)
        XCTAssertEqual(
            (message.body as? [String: Any])?["from"] as? String, "the popup", "another realm's object is cloned")
        XCTAssertTrue(message.webView === probed.view, "the message is the opener view's")
        XCTAssertTrue(message.frameInfo.isMainFrame)
        XCTAssertEqual(
            message.frameInfo.request.url?.absoluteString, Self.home, "the frame's current document, not the sender's")
        XCTAssertEqual(message.frameInfo.securityOrigin.protocol, "myapp")
    }
}
#endif
