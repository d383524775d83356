#if canImport(WebKit)
import Foundation
import WebKit
import XCTest

/// A web view without the bridge, whose pages post to a plain message handler (`probe`, page
/// world): what WebKit itself reports, for the emulation's own tests. Its pages come from a
/// ``PageServer``; pages may open windows, which the view's UI delegate makes as an app does.
@MainActor
final class ProbedWebView: NSObject, WKUIDelegate {
    /// A page that records its `pageshow` events and posts with `__probe(body)`.
    static func page(_ body: String = "") -> String {
        """
        <!doctype html><html><head><script>
        window.__id = Math.random();
        window.__shows = [];
        addEventListener('pageshow', function (event) { window.__shows.push(event.persisted); });
        window.__probe = function (body) { window.webkit.messageHandlers.probe.postMessage(body); };
        </script></head><body>\(body)<script>window.__ready = true;</script></body></html>
        """
    }

    let server = PageServer()
    let probe = Probe()
    let configuration = WKWebViewConfiguration()
    let view: WKWebView
    /// The windows the pages opened, as the UI delegate made them.
    private(set) var popups: [WKWebView] = []
    /// The views whose page called `window.close()`.
    private(set) var closed: [WKWebView] = []

    init(opensWindows: Bool = true) {
        configuration.websiteDataStore = .nonPersistent()
        configuration.preferences.javaScriptCanOpenWindowsAutomatically = opensWindows
        configuration.userContentController.add(probe, name: "probe")
        server.serve(in: configuration)
        view = WKWebView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), configuration: configuration)
        super.init()
        view.uiDelegate = self
    }

    /// Loads `url` and waits for its last script.
    func load(_ url: String, file: StaticString = #filePath, line: UInt = #line) async {
        view.load(URLRequest(url: URL(string: url)!))
        await arrive(at: url, file: file, line: line)
    }

    /// Waits until `webView` (the main view by default) shows `url` with its last script run.
    func arrive(at url: String, in webView: WKWebView? = nil, file: StaticString = #filePath, line: UInt = #line) async
    {
        let shown = await RealWebView.wait {
            await RealWebView.evaluate(
                "location.href === \(Self.literal(url)) && window.__ready === true", in: webView ?? self.view) as? Bool
                == true
        }
        XCTAssertTrue(shown, "\(url) is shown", file: file, line: line)
    }

    /// Evaluates `script` in `webView`'s main frame (the main view by default).
    func evaluate(_ script: String, in webView: WKWebView? = nil) async -> Any? {
        await RealWebView.evaluate(script, in: webView ?? view)
    }

    /// Runs `script` in `webView` (the main view by default), then waits for the next message.
    func message(
        after script: String, in webView: WKWebView? = nil, file: StaticString = #filePath, line: UInt = #line
    ) async -> WKScriptMessage? {
        let before = probe.messages.count
        _ = await evaluate(script, in: webView)
        let arrived = await RealWebView.wait { self.probe.messages.count > before }
        XCTAssertTrue(arrived, "a message arrived", file: file, line: line)
        return arrived ? probe.messages[before] : nil
    }

    func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        let popup = WKWebView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), configuration: configuration)
        popup.uiDelegate = self
        popups.append(popup)
        return popup
    }

    func webViewDidClose(_ webView: WKWebView) {
        closed.append(webView)
    }

    /// `text` as a JavaScript string literal.
    static func literal(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed]), as: UTF8.self)
    }

    /// The page world's `probe` handler: every message, as WebKit handed it over.
    @MainActor
    final class Probe: NSObject, WKScriptMessageHandler {
        private(set) var messages: [WKScriptMessage] = []

        func userContentController(
            _ userContentController: WKUserContentController, didReceive message: WKScriptMessage
        ) {
            messages.append(message)
        }
    }
}
#endif
