#if canImport(WebKit)
import Foundation
import TodayBridge
import TodayBridgeTesting
import TodayBridgeWebKit
import WebKit
import XCTest

/// A real web view with the bridge installed: Apple's `WKWebView` on Apple platforms, WebKit's API
/// over WebKitGTK on Linux (the module named `WebKit` there), driven the same way on both.
///
/// Every wait suspends the test on the main actor (bounded by a timeout) instead of spinning a run
/// loop: WebKit's callbacks and the adapter's `Task { @MainActor in ... }` hops run on the main
/// queue, which a suspended main-actor test leaves free.
@MainActor
final class RealWebView {
    static let trustedPage = URL(string: "https://trusted.example.com/app/home")!
    /// A trusted page the view navigates to and from (``server``): the surface names the app's
    /// scheme (S3).
    static let home = "myapp://pages/app/home"
    /// A page of another origin, on no surface.
    static let elsewhere = "other://pages/b"

    let tokens = TestTokenProvider()
    /// Serves ``html(body:)`` at ``home`` and ``elsewhere``; tests add pages.
    let server = PageServer()
    /// Makes the views of the windows the pages open.
    let windows = Windows()
    let analytics = RecordingAnalyticsSink()
    let bridge: TodayBridge
    let configuration = WKWebViewConfiguration()
    let installation: WebKitBridge
    var webView: WKWebView?

    init(platform: Platform = RealWebView.platform) throws {
        let surface = try TrustedSurface(
            name: "feed",
            origins: ["https://trusted.example.com", "http://trusted.example.com", "myapp://"],
            pathPrefixes: ["/app"],
            extraHeaders: ["X-Client": "today-test"]
        )
        bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: platform, surfaces: [surface]),
            tokens: tokens,
            analytics: analytics,
            identity: AnalyticsIdentity(
                deviceID: "device-1", sessionID: "session-1", userID: { "user-1" }, timeZone: { "Europe/Paris" })
        )
        configuration.websiteDataStore = .nonPersistent()
        configuration.preferences.javaScriptCanOpenWindowsAutomatically = true
        server.serve(in: configuration)
        for url in [Self.home, Self.elsewhere] { server.pages[url] = Self.html() }
        installation = WebKitBridge.install(bridge, in: configuration)
        webView = WKWebView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), configuration: configuration)
        webView?.uiDelegate = windows
    }

    /// The platform the view stands for: on Linux, the emulation stands for iOS.
    static var platform: Platform {
        #if os(macOS)
        return .macos
        #else
        return .ios
        #endif
    }

    var view: WKWebView { webView! }
    var connection: BridgeConnection { installation.connection(for: view) }

    /// A page with `window.__send(message)` (resolves the reply as text: JSON, `undefined` or
    /// `error:<message>`) and `window.__frames`, where its iframes report by `postMessage`.
    static func html(body: String = "") -> String {
        """
        <!doctype html><html><head><script>
        window.__send = function (message) {
          return window.webkit.messageHandlers.todayWebViewBridge.postMessage(message).then(
            function (value) { return value === undefined ? 'undefined' : JSON.stringify(value); },
            function (error) { return 'error:' + error.message; });
        };
        window.__frames = {};
        window.addEventListener('message', function (event) {
          if (event.data && event.data.name) window.__frames[event.data.name] = event.data.result;
        });
        </script></head><body>\(body)<script>window.__ready = true;</script></body></html>
        """
    }

    /// An iframe (same origin as the page, or opaque when `sandboxed`) that runs `expression`
    /// (a promise of text) and reports its result to the page as `__frames[name]`.
    static func frame(_ name: String, sandboxed: Bool = false, running expression: String) -> String {
        let script =
            "<script>Promise.resolve(\(expression)).then(function (r) { parent.postMessage({name: '\(name)', result: r}, '*'); });</script>"
        return "<iframe \(sandboxed ? "sandbox=\"allow-scripts\" " : "")srcdoc=\"\(script)\"></iframe>"
    }

    /// A sub-frame's own `postMessage` on the channel, reported as text like `__send`.
    static func frameSend(_ message: String) -> String {
        "window.webkit.messageHandlers.todayWebViewBridge.postMessage(\(message)).then(function (v) { return v === undefined ? 'undefined' : JSON.stringify(v); }, function (e) { return 'error:' + e.message; })"
    }

    /// Loads `html` at `baseURL` and waits for the new document (the marker) and its last script.
    func load(
        _ html: String = RealWebView.html(), baseURL: URL = RealWebView.trustedPage, file: StaticString = #filePath,
        line: UInt = #line
    ) async {
        let before = connection.currentDocument
        view.loadHTMLString(html, baseURL: baseURL)
        let committed = await wait { self.connection.currentDocument != before }
        XCTAssertTrue(committed, "the new document was reported", file: file, line: line)
        let ready = await wait { await self.evaluate("window.__ready === true") as? Bool == true }
        XCTAssertTrue(ready, "the page ran its last script", file: file, line: line)
    }

    /// Loads `url` (one of ``server``'s pages) and waits for the new document and its last script.
    func open(_ url: String, file: StaticString = #filePath, line: UInt = #line) async {
        let before = connection.currentDocument
        view.load(URLRequest(url: URL(string: url)!))
        await arrive(at: url, after: before, file: file, line: line)
    }

    /// Waits until `webView` (the main view by default) shows `url` with its last script run and,
    /// when `before` is given, the adapter reported a document other than `before`.
    func arrive(
        at url: String, after before: DocumentID? = nil, in webView: WKWebView? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) async {
        let target = webView ?? view
        let shown = await wait {
            await Self.evaluate(
                "location.href === \(ProbedWebView.literal(url)) && window.__ready === true", in: target) as? Bool
                == true
        }
        XCTAssertTrue(shown, "\(url) is shown", file: file, line: line)
        guard let before else { return }
        let reported = await wait { self.connection.currentDocument != before }
        XCTAssertTrue(reported, "the document was reported", file: file, line: line)
    }

    /// Evaluates `script` in `webView`'s main frame (the main view by default) and returns its result.
    func evaluate(_ script: String, in webView: WKWebView? = nil) async -> Any? {
        await Self.evaluate(script, in: webView ?? view)
    }

    /// Evaluates `script` in `webView`'s main frame and returns its result.
    static func evaluate(_ script: String, in webView: WKWebView) async -> Any? {
        let box = await withCheckedContinuation { (continuation: CheckedContinuation<Box, Never>) in
            webView.evaluateJavaScript(script) { value, _ in continuation.resume(returning: Box(value: value)) }
        }
        return box.value
    }

    /// Posts `json` on the channel from the main frame and returns the reply as text.
    func send(_ json: String) async -> String? {
        await call("return await window.__send(JSON.parse(m));", arguments: ["m": json]) as? String
    }

    /// Runs `body` as an async function in the page world of `webView`'s main frame (the main
    /// view by default).
    func call(_ body: String, arguments: [String: Any] = [:], in webView: WKWebView? = nil) async -> Any? {
        let box = await withCheckedContinuation { (continuation: CheckedContinuation<Box, Never>) in
            (webView ?? view).callAsyncJavaScript(body, arguments: arguments, in: nil, in: .page) { result in
                continuation.resume(returning: Box(value: try? result.get()))
            }
        }
        return box.value
    }

    /// Waits (suspended, so the main queue runs) until `condition` holds or `timeout` passes.
    @discardableResult
    func wait(timeout: TimeInterval = 20, until condition: () async -> Bool) async -> Bool {
        await Self.wait(timeout: timeout, until: condition)
    }

    /// Waits (suspended, so the main queue runs) until `condition` holds or `timeout` passes.
    @discardableResult
    static func wait(timeout: TimeInterval = 20, until condition: () async -> Bool) async -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while await !condition() {
            guard Date() < deadline else { return false }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return true
    }

    /// A value handed from WebKit's callback to the waiting test, on the main actor.
    struct Box: @unchecked Sendable {  // made and read on the main actor
        var value: Any?
    }
}

/// The app's UI delegate: makes a view for each window a page opens, from the configuration
/// WebKit hands over (the bridge is installed in it too), and keeps it.
@MainActor
final class Windows: NSObject, WKUIDelegate {
    private(set) var opened: [WKWebView] = []

    func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        let popup = WKWebView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), configuration: configuration)
        opened.append(popup)
        return popup
    }
}

/// What every suite of real web views needs first: on Linux, a display for WebKitGTK.
@MainActor
class RealWebViewTestCase: XCTestCase {
    override func setUp() async throws {
        #if os(Linux)
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw NoDisplay() }
        #endif
    }
}

struct NoDisplay: Error, CustomStringConvertible {
    var description: String {
        "WebKitGTK needs a display: run under Xvfb (make unit-test runs the suite with xvfb-run)"
    }
}
#endif
