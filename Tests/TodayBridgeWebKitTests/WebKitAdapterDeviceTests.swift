#if canImport(WebKit)
import Foundation
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting
@testable import TodayBridgeWebKit
import WebKit
import XCTest

/// The adapter over WebKit as today's devices run it (issue 33): what the page gets cannot be
/// intercepted by its own prototypes, every call settles whatever the body, and a content process
/// that dies without the app's delegate method leaves nothing pending.
@MainActor
final class WebKitAdapterDeviceTests: RealWebViewTestCase {
    /// A script that puts recording setters on `Object.prototype` and `Array.prototype` for every
    /// key a delivery or a reply carries: they keep nothing, so a value set through them is lost.
    static let traps = """
        window.__intercepted = '';  // a string: an array's push would run the index setter itself
        ['name', 'detail', 'kind', 'data', 'id', 'args', 'items', 'owner', 'list', 'ok', '__today'].forEach(function (key) {
          Object.defineProperty(Object.prototype, key, { configurable: true, set: function () { window.__intercepted += key + ' '; } });
        });
        Object.defineProperty(Array.prototype, '0', { configurable: true, set: function () { window.__intercepted += '0 '; } });
        """

    struct Listing: Codable, Sendable {
        var name: String
        var list: [Int]
    }

    /// Events, native calls and a sub-frame's reply reach a page whose setters on
    /// `Object.prototype` and `Array.prototype` would see or drop whatever WebKit builds in its
    /// world (`JavaScriptEvaluationResult::toJS`): they arrive whole, and an own `__proto__` key
    /// stays an own key. (Fails with deliveries handed over as objects, and with a sub-frame
    /// answered through WebKit's own reply.)
    func test_X3_X4_C4_deliveriesAndRepliesCannotBeInterceptedByThePagesPrototypes() async throws {
        let page = try RealWebView()
        try page.bridge.register("listing", access: .anyFrame) { (_: NoResult, _) -> Listing in
            Listing(name: "n", list: [1, 2])
        }
        let frame = """
            <script>\(Self.traps)
            window.webkit.messageHandlers.todayWebViewBridge.postMessage({type: 'listing'}).then(function (v) {
              parent.postMessage({name: 'listing', result: JSON.stringify(v) + '|' + window.__intercepted}, '*');
            }, function (e) { parent.postMessage({name: 'listing', result: 'error:' + e.message}, '*'); });
            </script>
            """
        await page.load(
            RealWebView.html(
                body: """
                    <script>
                    window.__events = '';
                    window.addEventListener('todaywebviewbridge', function (event) {
                      var d = event.detail;
                      if (d.kind === 'event') window.__events += JSON.stringify(d.data) + ' ' + Object.getOwnPropertyNames(d.data.nested).join(',');
                      if (d.kind === 'call') window.__send({type: '__today.reply', id: d.id, value: d.args.n + 1});
                    });
                    \(Self.traps)
                    </script>
                    <iframe srcdoc="\(frame.replacingOccurrences(of: "\"", with: "&quot;"))"></iframe>
                    """))
        let subscribed = await page.send(#"{"type":"__today.subscribe","event":"cart.changed"}"#)
        XCTAssertEqual(subscribed, "[]")
        let data: JSONValue = ["items": ["a"], "owner": "o", "nested": ["__proto__": ["polluted": true]]]
        await page.connection.emit("cart.changed", data: data)
        let delivered = await page.wait { await page.evaluate("window.__events !== ''") as? Bool == true }
        XCTAssertTrue(delivered)
        let first = await page.evaluate("window.__events") as? String
        let event = try XCTUnwrap(first)
        let parts = event.split(separator: " ")
        XCTAssertEqual(try JSONValue(parsing: String(parts.first ?? "")), data)
        XCTAssertEqual(parts.last, "__proto__", "an own key")
        let answer = try await page.connection.call("addOne", arguments: ["n": 41])
        XCTAssertEqual(answer, 42)
        let framed = await page.wait { await page.evaluate("typeof window.__frames.listing") as? String == "string" }
        XCTAssertTrue(framed)
        let reported = await page.evaluate("window.__frames.listing") as? String
        let listing = try XCTUnwrap(reported).split(separator: "|", omittingEmptySubsequences: false)
        XCTAssertEqual(listing.count, 2)
        XCTAssertEqual(
            try JSONValue(parsing: String(listing[0])), ["name": "n", "list": [1, 2]], "the sub-frame's reply whole")
        XCTAssertEqual(listing.last, "", "no setter of the sub-frame ran")
        let intercepted = await page.evaluate("window.__intercepted + '|' + (({}).polluted === undefined)") as? String
        XCTAssertEqual(intercepted, "|true", "no setter of the main frame ran")
    }

    /// Bodies WebKit drops or cannot carry (iOS 26 SDK: `undefined` as `nil`, functions, symbols
    /// and class instances dropped, getters run, a body deeper than 40,000 levels dropped with its
    /// promise never settled): through the bridge's channel every call settles, in the main frame
    /// and in a sub-frame. (Fails with a sub-frame posting to WebKit's own handler: the deep body's
    /// call stays pending.)
    func test_C5_W5_everyCallSettlesWhateverTheBodyInEveryFrame() async throws {
        let page = try RealWebView()
        let settle = """
            (function () {
              var deep = 0;
              for (var i = 0; i < 50000; i++) deep = [deep];
              class Item {}
              var bodies = [undefined, function () {}, Symbol('s'), new Item(), {type: 'track', ename: 'x', f: function () {}},
                {get type() { return 'headers'; }}, {type: 'headers', deep: deep}, deep];
              return Promise.all(bodies.map(function (body) {
                var call;
                try { call = window.webkit.messageHandlers.todayWebViewBridge.postMessage(body); } catch (e) { return 'threw'; }
                // The timer only bounds a failure (a call left pending); a settled call wins it.
                return Promise.race([
                  call.then(function () { return 'settled'; }, function () { return 'settled'; }),
                  new Promise(function (resolve) { setTimeout(function () { resolve('pending'); }, 20000); }),
                ]);
              })).then(function (all) { return all.join(','); });
            })()
            """
        await page.load(RealWebView.html(body: RealWebView.frame("bodies", running: settle)))
        let main = await page.call("return await \(settle);") as? String
        XCTAssertEqual(main, Array(repeating: "settled", count: 8).joined(separator: ","))
        let framed = await page.wait { await page.evaluate("typeof window.__frames.bodies") as? String == "string" }
        XCTAssertTrue(framed)
        let frame = await page.evaluate("window.__frames.bodies") as? String
        XCTAssertEqual(frame, Array(repeating: "settled", count: 8).joined(separator: ","))
        XCTAssertEqual(page.connection.pendingCallCount, 0)
    }

    #if os(Linux)
    /// The content process killed with a call in flight while the app has no
    /// `webViewWebContentProcessDidTerminate(_:)` (no navigation delegate at all): in a visible
    /// view WebKit reloads the page itself and the reload's document settles the call; in a view
    /// outside a window nothing loads until it is visible again, and the adapter, told by the
    /// view's `url`, settles the call, reports the end, and the page works again once visible.
    /// (The offscreen case fails without the `url` observation: the call stays pending.)
    func test_C5_X5_aProcessKilledWithoutTheAppsDelegateSettlesEveryCall() async throws {
        for visible in [true, false] {
            let before = ContentProcesses.running()
            let page = try RealWebView()
            XCTAssertNil(page.view.navigationDelegate)
            let seen = SeenDiagnostics(page.bridge.diagnostics())
            await page.open(RealWebView.home)
            let first = page.connection.currentDocument
            if !visible { page.view.isInWindow = false }
            page.tokens.hold()
            defer { page.tokens.release() }
            _ = await page.evaluate("window.__send({type: 'refreshToken'}); true")
            let pending = await page.wait { page.connection.pendingCallCount == 1 }
            XCTAssertTrue(pending)
            XCTAssertGreaterThan(ContentProcesses.kill(startedSince: before), 0)
            let settled = await page.wait { page.connection.pendingCallCount == 0 }
            XCTAssertTrue(settled, "visible: \(visible)")
            if !visible {
                let reported = await page.wait { seen.codes.contains(.webProcessTerminated) }
                XCTAssertTrue(reported, "\(seen.codes)")
                page.view.isInWindow = true
            }
            let reloaded = await page.wait { page.connection.currentDocument != first }
            XCTAssertTrue(reloaded, "visible: \(visible)")
            let ready = await page.wait { await page.evaluate("window.__ready === true") as? Bool == true }
            XCTAssertTrue(ready)
            let headers = await page.send(#"{"type":"headers"}"#)
            XCTAssertEqual(
                headers.flatMap { try? JSONValue(parsing: $0) },
                ["Authorization": "Bearer token-0", "X-Client": "today-test"])
        }
    }

    /// A view outside a window whose content process the system suspended (the test stops it
    /// with `SIGSTOP`, as iOS suspends a process WebKit holds no foreground assertion for): the
    /// page's call answered meanwhile reaches the page once the process runs again, a native
    /// call made meanwhile settles at its deadline, and the page works afterwards. Nothing is
    /// left pending on either side.
    func test_C5_X4_aSuspendedContentProcessLeavesNothingPending() async throws {
        let before = ContentProcesses.running()
        let page = try RealWebView()
        await page.load(
            RealWebView.html(
                body: """
                    <script>
                    window.addEventListener('todaywebviewbridge', function (event) {
                      var d = event.detail;
                      if (d.kind === 'call') window.__send({type: '__today.reply', id: d.id, value: d.args.n + 1});
                    });
                    </script>
                    """))
        let running = try await page.connection.call("addOne", arguments: ["n": 1], deadline: 10)
        XCTAssertEqual(running, 2, "a running page answers the native call")
        page.view.isInWindow = false
        page.tokens.hold()
        _ = await page.evaluate(
            "window.__answer = ''; window.__send({type: 'refreshToken'}).then(function (v) { window.__answer = v; }); true"
        )
        let pending = await page.wait { page.connection.pendingCallCount == 1 }
        XCTAssertTrue(pending)
        XCTAssertGreaterThan(ContentProcesses.signal(SIGSTOP, startedSince: before), 0)
        var resumed = false
        defer { if !resumed { ContentProcesses.signal(SIGCONT, startedSince: before) } }
        page.tokens.release()
        let answered = await page.wait { page.connection.pendingCallCount == 0 }
        XCTAssertTrue(answered, "the host answered the suspended page's call")
        do {
            _ = try await page.connection.call("addOne", arguments: ["n": 1], deadline: 0.5)
            XCTFail("a suspended page answered a native call")
        } catch {
            XCTAssertEqual(error.code, .timeout)
        }
        ContentProcesses.signal(SIGCONT, startedSince: before)
        resumed = true
        page.view.isInWindow = true
        let delivered = await page.wait {
            await page.evaluate("window.__answer.indexOf('token-1') >= 0") as? Bool == true
        }
        XCTAssertTrue(delivered, "the answer reached the page after it resumed")
        let headers = await page.send(#"{"type":"headers"}"#)
        XCTAssertEqual(
            headers.flatMap { try? JSONValue(parsing: $0) },
            ["Authorization": "Bearer token-1", "X-Client": "today-test"])
    }
    #endif
}
#endif
