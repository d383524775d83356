import Foundation
import TodayBridge
import TodayBridgeWebKit
@_spi(Tools) import WebKit

/// Shows one page in a `WKWebView` with the `TodayBridgeWebKit` adapter installed, the way an iOS
/// app does, until the page calls `window.close()`, its web content process ends, or the time
/// runs out. Windows the page opens (`window.open`, also without a user's gesture) get a view of
/// their own, made from the configuration WebKit hands over, as a browser-like app makes them: the
/// bridge is installed there too, and `window.close()` there closes that window only.
///
/// On Linux `WebKit` is WebKit's API emulated over WebKitGTK (the libraries' `WebKit` module): the
/// adapter's own source, in a real WebKit engine, served by the main thread (the main queue runs
/// GLib's default context between its other work).
@MainActor
package final class WKWebViewPageRunner: NSObject, WKNavigationDelegate, WKUIDelegate {
    private let options: PageRunOptions
    private let installation: WebKitBridge
    private let configuration = WKWebViewConfiguration()
    private var webView: WKWebView?
    /// The windows the page opened, kept while they are open.
    private var windows: [WKWebView] = []
    private var ended: CheckedContinuation<PageRunEnd, Never>?
    private var timer: Task<Void, Never>?
    private var reloaded = false

    private init(options: PageRunOptions, bridge: TodayBridge) {
        self.options = options
        configuration.websiteDataStore = .nonPersistent()
        configuration.preferences.javaScriptCanOpenWindowsAutomatically = true
        installation = WebKitBridge.install(bridge, in: configuration)
    }

    /// The headless run's display, kept until the process ends (Xvfb gets `SIGKILL` when the main
    /// thread that started it ends, `VirtualDisplay`): GTK, started by the emulation's engine for
    /// the whole process as WebKit's process pool is, keeps its connection to the display, and the
    /// main thread keeps serving GLib's context after the run; a display gone under it is an X I/O
    /// error, on which GTK ends the process with status 1 (a page that closed itself exited 1, as
    /// if it had timed out).
    private static var display: VirtualDisplay?

    /// Runs the page on the main thread; returns how it ended.
    package static func run(options: PageRunOptions, bridge: TodayBridge) async throws -> PageRunEnd {
        if options.headless, display == nil { display = try VirtualDisplay() }
        let quiet = options.headless ? QuietStandardError() : nil
        defer { quiet?.restore() }
        if let directory = options.webProcessExtension {
            WebKitEngine.webProcessExtensionDirectory = URL(fileURLWithPath: directory, isDirectory: true)
        }
        let runner = WKWebViewPageRunner(options: options, bridge: bridge)
        return await withCheckedContinuation { runner.start($0) }
    }

    private func start(_ ended: CheckedContinuation<PageRunEnd, Never>) {
        self.ended = ended
        if let certificate = options.certificate {
            let hosts = options.certificateHosts.isEmpty ? [options.url.host ?? "127.0.0.1"] : options.certificateHosts
            for host in hosts
            where !configuration.websiteDataStore.allowTLSCertificate(atPath: certificate, forHost: host) {
                printToStandardError("today-bridge: cannot read certificate \(certificate)")
            }
        }
        let view = WKWebView(frame: CGRect(x: 0, y: 0, width: 1024, height: 720), configuration: configuration)
        view.navigationDelegate = self
        view.uiDelegate = self
        webView = view
        view.load(URLRequest(url: options.url))
        options.closer?.whenClosed { Task { @MainActor [weak self] in self?.finish(.closedItself, reason: nil) } }
        let seconds = options.timeout
        timer = Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(max(0.001, seconds) * 1_000_000_000))
            guard !Task.isCancelled else { return }
            self?.finish(.timedOut, reason: "timed out")
        }
    }

    /// A window the page opened: a view from `configuration`, delegated here, kept while it is open.
    package func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction,
        windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        let window = WKWebView(frame: CGRect(x: 0, y: 0, width: 1024, height: 720), configuration: configuration)
        window.navigationDelegate = self
        window.uiDelegate = self
        windows.append(window)
        return window
    }

    package func webViewDidClose(_ webView: WKWebView) {
        guard webView === self.webView else { return windows.removeAll { $0 === webView } }
        finish(.closedItself, reason: nil)
    }

    /// What an app does: tells the adapter (which settles the calls of the page that is gone), and
    /// reloads once if asked to. WebKit gives no reason. A window the page opened shares its web
    /// process: it closes.
    package func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        installation.webContentProcessDidTerminate(in: webView)
        guard webView === self.webView else { return windows.removeAll { $0 === webView } }
        printToStandardError("today-bridge: web process ended: \(WebProcessTermination.unknown)")
        guard options.reloadsOnCrash, !reloaded else { return finish(.webProcessEnded, reason: nil) }
        reloaded = true
        printToStandardError("today-bridge: reloading the page")
        webView.reload()
    }

    private func finish(_ end: PageRunEnd, reason: String?) {
        guard let ended else { return }
        self.ended = nil
        timer?.cancel()
        if let reason { printToStandardError("today-bridge: \(reason)") }
        webView = nil
        windows = []
        ended.resume(returning: end)
    }
}
