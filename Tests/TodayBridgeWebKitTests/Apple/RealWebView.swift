#if canImport(WebKit) && !os(Linux)
import Foundation
import Testing
import TodayBridge
import TodayBridgeTesting
import TodayBridgeWebKit
import WebKit

/// A real `WKWebView` with the bridge installed, driven from the test through its run loop.
///
/// WebKit calls back through the main run loop, so every wait spins it (bounded) instead of
/// relying on how the test runner services the main thread.
@MainActor
final class RealWebView {
    static let trustedPage = URL(string: "https://trusted.example.com/app/home")!

    let tokens = TestTokenProvider()
    let bridge: TodayBridge
    let configuration = WKWebViewConfiguration()
    let installation: WebKitBridge
    var webView: WKWebView?

    init() throws {
        let surface = try TrustedSurface(
            name: "feed",
            origins: ["https://trusted.example.com", "http://trusted.example.com"],
            pathPrefixes: ["/app"],
            extraHeaders: ["X-Client": "today-test"]
        )
        bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: Self.platform, surfaces: [surface]),
            tokens: tokens,
            analytics: RecordingAnalyticsSink(),
            identity: AnalyticsIdentity(deviceID: "device-1", sessionID: "session-1", userID: { "user-1" }, timeZone: { "Europe/Paris" })
        )
        configuration.websiteDataStore = .nonPersistent()
        installation = WebKitBridge.install(bridge, in: configuration)
        webView = WKWebView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), configuration: configuration)
    }

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
        let script = "<script>Promise.resolve(\(expression)).then(function (r) { parent.postMessage({name: '\(name)', result: r}, '*'); });</script>"
        return "<iframe \(sandboxed ? "sandbox=\"allow-scripts\" " : "")srcdoc=\"\(script)\"></iframe>"
    }

    /// A sub-frame's own `postMessage` on the channel, reported as text like `__send`.
    static func frameSend(_ message: String) -> String {
        "window.webkit.messageHandlers.todayWebViewBridge.postMessage(\(message)).then(function (v) { return v === undefined ? 'undefined' : JSON.stringify(v); }, function (e) { return 'error:' + e.message; })"
    }

    /// Loads `html` at `baseURL` and waits for the new document (the marker) and its last script.
    func load(_ html: String = RealWebView.html(), baseURL: URL = RealWebView.trustedPage) {
        let before = connection.currentDocument
        view.loadHTMLString(html, baseURL: baseURL)
        #expect(spin { self.connection.currentDocument != before })
        #expect(spin { (self.evaluate("window.__ready === true") as? Bool) == true })
    }

    /// Evaluates `script` in the main frame and returns its result.
    func evaluate(_ script: String) -> Any? {
        let box = Box()
        view.evaluateJavaScript(script) { value, _ in
            box.value = value
            box.isDone = true
        }
        spin { box.isDone }
        return box.value
    }

    /// Posts `json` on the channel from the main frame and returns the reply as text.
    func send(_ json: String) -> String? {
        let box = Box()
        view.callAsyncJavaScript("return await window.__send(JSON.parse(m));", arguments: ["m": json], in: nil, in: .page) { result in
            box.value = try? result.get()
            box.isDone = true
        }
        spin { box.isDone }
        return box.value as? String
    }

    /// Runs the main run loop until `condition` holds or `timeout` passes.
    @discardableResult
    func spin(timeout: TimeInterval = 10, until condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition(), Date() < deadline {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
        }
        return condition()
    }

    /// A result delivered on the main actor.
    @MainActor
    final class Box {
        var isDone = false
        var value: Any?
    }
}
#endif
