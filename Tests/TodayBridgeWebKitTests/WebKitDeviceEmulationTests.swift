#if canImport(WebKit)
import Foundation
@_spi(Tools) @testable import WebKit
import XCTest

/// What WebKit does on today's devices that the adapter must survive (issue 33): arguments built
/// by assignment in the target world, bodies as the iOS 26 SDK converts them, a plain handler's
/// promise, and, on Linux, a view outside a window and a content process that dies without the
/// app's `webViewWebContentProcessDidTerminate(_:)`. Each names the WebKit source it follows.
@MainActor
final class WebKitDeviceEmulationTests: RealWebViewTestCase {
    static let home = "myapp://pages/app/home"

    private func probedView() -> ProbedWebView {
        let probed = ProbedWebView()
        probed.server.pages[Self.home] = ProbedWebView.page()
        return probed
    }

    /// `callAsyncJavaScript` converts each argument in the target world
    /// (`JavaScriptEvaluationResult::toJS`): an empty object or array filled with
    /// `JSObjectSetProperty`, ordinary assignments, so a page's setters on `Object.prototype` and
    /// `Array.prototype` run and an own `__proto__` key replaces the prototype. No other page code
    /// runs (a replaced `JSON` or `Function.prototype.call` is not used).
    func test_X3_callAsyncJavaScriptBuildsArgumentsByAssignmentInThePagesWorld() async throws {
        let probed = probedView()
        probed.server.pages[Self.home] = ProbedWebView.page(
            """
            <script>
            window.__set = '';  // a string: an array's push would run the index setter itself
            Object.defineProperty(Object.prototype, 'name', { configurable: true, set: function (v) { window.__set += ' name=' + v; } });
            Object.defineProperty(Array.prototype, '0', { configurable: true, set: function (v) { window.__set += ' 0=' + v; } });
            window.JSON = { parse: function () { throw new Error('replaced'); }, stringify: function () { throw new Error('replaced'); } };
            Function.prototype.call = Function.prototype.apply = function () { throw new Error('replaced'); };
            </script>
            """)
        await probed.load(Self.home)
        let box = await withCheckedContinuation { (continuation: CheckedContinuation<RealWebView.Box, Never>) in
            probed.view.callAsyncJavaScript(
                """
                return [flag === true, list.length === 3 && list[1] === 'two' && list[2] === null, list[0] === undefined,
                  owner.name === undefined, Object.getOwnPropertyNames(nested).indexOf('__proto__') < 0 && Object.getPrototypeOf(nested).polluted === true,
                  ({}).polluted === undefined, when instanceof Date && when.getTime() === 1700000000000,
                  text === 'line\\u2028 "quoted"', window.__set.indexOf(' name=n') >= 0 && window.__set.indexOf(' 0=1') >= 0].join(' ');
                """,
                arguments: [
                    "flag": true, "list": [1, "two", NSNull()], "owner": ["name": "n"],
                    "nested": ["__proto__": ["polluted": true]],
                    "when": Date(timeIntervalSince1970: 1_700_000_000), "text": "line\u{2028} \"quoted\"",
                ], in: nil, in: .page
            ) { result in continuation.resume(returning: RealWebView.Box(value: try? result.get())) }
        }
        XCTAssertEqual(
            box.value as? String, "true true true true true true true true true",
            "the page's setters saw and kept the values")
    }

    /// A body as the iOS 26 SDK converts it (`JavaScriptEvaluationResult::extract`, linked on or
    /// after `JavaScriptEvaluationResultWithoutSerializedScriptValue`): `undefined` is `nil`, not
    /// `NSNull`; functions, symbols and class instances are dropped (a key lost, `NSNull` in an
    /// array); getters run; a plain handler's `postMessage` returns a promise that resolves
    /// `undefined` once the handler ran (`UserMessageHandler::postMessage`).
    func test_C1_C5_bodiesAsTheIOS26SDKConvertsThemAndAPlainHandlerReturnsAPromise() async throws {
        let probed = probedView()
        await probed.load(Self.home)
        let undefinedBody = await probed.message(after: "__probe(undefined); true")
        let undefinedMessage = try XCTUnwrap(undefinedBody)
        XCTAssertNil(undefinedMessage.body as? NSNull, "nil, not NSNull")
        XCTAssertEqual("\(undefinedMessage.body)", "nil")
        let mixed = await probed.message(
            after: """
                __probe({a: 1, f: function () {}, s: Symbol('s'), c: new (class C {})(), get g() { return 'got'; }, list: [1, function () {}, 2]}); true
                """)
        let body = try XCTUnwrap(try XCTUnwrap(mixed).body as? [String: Any])
        XCTAssertEqual(Set(body.keys), ["a", "g", "list"])
        XCTAssertEqual(body["g"] as? String, "got")
        let list = try XCTUnwrap(body["list"] as? [Any])
        XCTAssertEqual(list.count, 3)
        XCTAssertTrue(list[1] is NSNull)
        let before = probed.probe.messages.count
        let promised = await call(
            probed,
            """
            const pending = window.webkit.messageHandlers.probe.postMessage({b: 2});
            const value = await pending;
            return (pending instanceof Promise) + ' ' + (value === undefined);
            """)
        XCTAssertEqual(promised as? String, "true true")
        XCTAssertEqual(probed.probe.messages.count, before + 1, "the handler ran before the promise resolved")
    }

    /// A body deeper than `maximumNestingLevel` (40,000) is dropped: the handler never runs and
    /// the page's promise never settles (`WebUserMessageHandlerDescriptorProxy::didPostMessage`
    /// returns without a reply when `extract` fails).
    func test_C5_aBodyDeeperThan40000LevelsIsDroppedAndItsPromiseNeverSettles() async throws {
        let probed = probedView()
        await probed.load(Self.home)
        _ = await probed.evaluate(
            """
            window.__settled = 'pending';
            var deep = 0;
            for (var i = 0; i < 50000; i++) deep = [deep];
            window.webkit.messageHandlers.probe.postMessage(deep).then(function () { window.__settled = 'resolved'; }, function (e) { window.__settled = 'rejected'; });
            true
            """)
        let after = await probed.message(after: "__probe('after'); true")
        XCTAssertEqual(after?.body as? String, "after", "the deep body never reached the handler")
        try await Task.sleep(nanoseconds: 500_000_000)
        let settled = await probed.evaluate("window.__settled") as? String
        XCTAssertEqual(settled, "pending")
    }

    private func call(_ probed: ProbedWebView, _ body: String) async -> Any? {
        let box = await withCheckedContinuation { (continuation: CheckedContinuation<RealWebView.Box, Never>) in
            probed.view.callAsyncJavaScript(body, arguments: [:], in: nil, in: .page) { result in
                continuation.resume(returning: RealWebView.Box(value: try? result.get()))
            }
        }
        return box.value
    }

    #if os(Linux)
    /// The older SDK's behaviour, as an option (``LinkedSDK/iOS18``): the body is structured-cloned,
    /// and what cannot be cloned rejects with a `DataCloneError`.
    func test_C5_W5_theOlderSDKRejectsWhatCannotBeCloned() async throws {
        WebKitEngine.linkedSDK = .iOS18
        defer { WebKitEngine.linkedSDK = .iOS26 }
        let probed = probedView()
        await probed.load(Self.home)
        let rejected = await call(
            probed,
            """
            try { await window.webkit.messageHandlers.probe.postMessage({f: function () {}}); return 'resolved'; } catch (e) { return e.name; }
            """)
        XCTAssertEqual(rejected as? String, "DataCloneError")
    }

    /// The content process killed while the app's navigation delegate has no
    /// `webViewWebContentProcessDidTerminate(_:)`: WebKit reloads the page itself at once, the view
    /// being visible (`WebPageProxy::dispatchProcessDidTerminate`, `tryReloadAfterProcessTermination`);
    /// with the method, WebKit calls it and reloads nothing, and `url` is `nil` (`PageLoadState::reset`).
    func test_C5_S4_aKilledProcessIsReloadedByWebKitUnlessTheDelegateHandlesIt() async throws {
        for handles in [false, true] {
            let before = ContentProcesses.running()
            let probed = probedView()
            let delegate: any WKNavigationDelegate = handles ? HandlingDelegate() : SilentDelegate()
            probed.view.navigationDelegate = delegate
            await probed.load(Self.home)
            _ = await probed.evaluate("window.__mark = 'before the crash'; true")
            XCTAssertGreaterThan(ContentProcesses.kill(startedSince: before), 0)
            if handles {
                let told = await RealWebView.wait { (delegate as? HandlingDelegate)?.terminations == 1 }
                XCTAssertTrue(told)
                let cleared = await RealWebView.wait { probed.view.url == nil }
                XCTAssertTrue(cleared, "url is nil: \(probed.view.url?.absoluteString ?? "nil")")
            } else {
                let reloaded = await RealWebView.wait {
                    await probed.evaluate("window.__ready === true && window.__mark === undefined") as? Bool == true
                }
                XCTAssertTrue(reloaded, "WebKit reloaded the page")
                XCTAssertEqual(probed.view.url?.absoluteString, Self.home)
            }
        }
    }

    /// A view outside a window: its page is hidden (`ActivityState::IsVisible` off, so timers are
    /// throttled), and a content process that died is reloaded only when the view is visible again
    /// (`m_shouldReloadDueToCrashWhenVisible`); meanwhile `url` is `nil`, and its observers are told.
    func test_C5_S4_anOffscreenViewIsHiddenAndReloadedOnlyOnceVisibleAgain() async throws {
        let before = ContentProcesses.running()
        let probed = probedView()
        let delegate = SilentDelegate()
        probed.view.navigationDelegate = delegate
        await probed.load(Self.home)
        var told: [URL?] = []
        let observation = probed.view.observe(\.url, options: [.new]) { _, change in told.append(change.newValue ?? nil)
        }
        probed.view.isInWindow = false
        let hidden = await RealWebView.wait { await probed.evaluate("document.visibilityState") as? String == "hidden" }
        XCTAssertTrue(hidden)
        XCTAssertGreaterThan(ContentProcesses.kill(startedSince: before), 0)
        let cleared = await RealWebView.wait { probed.view.url == nil }
        XCTAssertTrue(cleared)
        XCTAssertEqual(told.last, .some(nil), "the observer was told")
        try await Task.sleep(nanoseconds: 500_000_000)
        XCTAssertNil(probed.view.url, "no reload while the view is not visible")
        probed.view.isInWindow = true
        await probed.arrive(at: Self.home)
        let visible = await probed.evaluate("document.visibilityState") as? String
        XCTAssertEqual(visible, "visible")
        observation.invalidate()
    }

    /// A delegate without `webViewWebContentProcessDidTerminate(_:)`.
    final class SilentDelegate: NSObject, WKNavigationDelegate {}

    /// A delegate that handles the termination itself (and reloads nothing).
    final class HandlingDelegate: NSObject, WKNavigationDelegate {
        var terminations = 0
        func webViewWebContentProcessDidTerminate(_ webView: WKWebView) { terminations += 1 }
    }
    #endif
}
#endif
