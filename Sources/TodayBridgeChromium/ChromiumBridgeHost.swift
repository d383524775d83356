#if os(Linux)
import Foundation
import TodayBridge

/// A page in Chromium with the bridge installed exactly as an Android app installs it (A1, A2):
/// this is the Android host glue, written against `EmulatedWebView`, which offers Chromium
/// only through Android's own `WebView` API.
///
/// - The web SDK's Android shim and the platform tag (C7, guarded to the top frame) run at
///   document start in every frame (`addDocumentStartJavaScript`).
/// - `addWebMessageListener` injects the binding `<channelName>Native` into every frame; each
///   message goes to the core with the listener's facts (origin, main frame or not, and the web
///   view's URL, C8), and its reply goes back through that frame's `JavaScriptReplyProxy` only.
/// - Native events and calls run in the main frame through `evaluateJavascript`; the session
///   cookie goes through `CookieManager` (T4).
/// - `onPageStarted` is a new document (S4); `onCloseWindow` closes the connection (C5);
///   `onRenderProcessGone` reports the dead renderer to the core, which settles every pending
///   call (C5) and calls the app's `BridgeConnection.onWebProcessTermination(_:)` handler.
///   As on Android, the web view cannot be used again: an app shows the page in a new one.
///
/// ```swift
/// let host = try await ChromiumBridgeHost.launch(bridge: bridge)
/// try await host.open(URL(string: "https://feed.example.com/app/")!)
/// await host.waitUntilClosed()
/// ```
public actor ChromiumBridgeHost {
    /// The core connection of the page: emit events and call the page through it (X3, X4).
    public nonisolated let connection: BridgeConnection
    /// The emulated Android web view the host drives.
    package nonisolated let webView: EmulatedWebView
    private let page: ChromiumPage
    private var closedWaiters: [CheckedContinuation<Void, Never>] = []
    private var isClosed = false

    /// Whether the page closed itself (`window.close()`), rather than being shut down.
    public private(set) var pageClosedItself = false

    /// Starts a headless Chromium with the bridge installed, on an empty page.
    ///
    /// - Parameters:
    ///   - bridge: The app's bridge; the page gets its own connection to it.
    ///   - trustedCertificateKeys: base64 SHA-256 hashes of the public keys of local test
    ///     certificates to accept (`--ignore-certificate-errors-spki-list`): those keys only.
    public static func launch(bridge: TodayBridge, trustedCertificateKeys: [String] = []) async throws -> ChromiumBridgeHost {
        let host = ChromiumBridgeHost(bridge: bridge, webView: try await EmulatedWebView.launch(trustedCertificateKeys: trustedCertificateKeys))
        try await host.install(bridge.configuration)
        return host
    }

    private init(bridge: TodayBridge, webView: EmulatedWebView) {
        self.webView = webView
        page = ChromiumPage(webView: webView)
        connection = bridge.connect(page)
    }

    private func install(_ configuration: BridgeConfiguration) async throws {
        let connection = connection
        let transport = StringTransport(connection: connection)
        await webView.setClients(
            onPageStarted: { _ in connection.documentDidChange() },
            onRenderProcessGone: { _, detail in
                connection.webProcessDidTerminate(detail.didCrash ? .crashed : .killed)
                return true  // handled: Android would end the app otherwise
            },
            onCloseWindow: { [weak self] in Task { await self?.pageAskedToClose() } }
        )
        // The browser may also go away on its own.
        let webView = webView
        Task { [weak self] in
            await webView.waitUntilDestroyed()
            await self?.browserWentAway()
        }
        let installation = AndroidInstallation(configuration)
        try await webView.addWebMessageListener(installation.jsObjectName, allowedOriginRules: ["*"]) { view, message, sourceOrigin, isMainFrame, replyProxy in
            let sender = SenderFacts(isMainFrame: isMainFrame, frameOrigin: SecurityOrigin(string: sourceOrigin), mainDocumentURL: view.url)
            transport.receive(message, from: sender) { reply in
                Task { await replyProxy.postMessage(reply) }  // back on the web view's thread
            }
        }
        try await webView.addDocumentStartJavaScript(installation.documentStartScript, allowedOriginRules: ["*"])
    }

    /// Loads `url`. The page starts on its initial empty document, which this navigation
    /// replaces: its history starts with the page itself, so it may close its own window as an
    /// app's single web view may.
    public func open(_ url: URL) async throws {
        try await webView.loadUrl(url)
    }

    /// Returns when the page has closed itself (`window.close()`), or the browser is gone or shut down.
    public func waitUntilClosed() async {
        if isClosed { return }
        await withCheckedContinuation { closedWaiters.append($0) }
    }

    /// Ends the browser; every pending call settles (C5).
    public func shutdown() async {
        connection.close()
        await webView.destroy()
        markClosed()
    }

    private func browserWentAway() {
        connection.close()
        markClosed()
    }

    private func pageAskedToClose() {
        pageClosedItself = !isClosed
        connection.close()
        markClosed()
    }

    private func markClosed() {
        isClosed = true
        let waiters = closedWaiters
        closedWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}

/// The way out of the core into the emulated web view: script in the main frame, cookies
/// through `CookieManager`.
private final class ChromiumPage: BridgeWebView {
    private weak let webView: EmulatedWebView?

    init(webView: EmulatedWebView) {
        self.webView = webView
    }

    func evaluateInMainFrame(_ script: String) async throws {
        guard let webView else { throw PageDeliveryError.webViewGone }
        try await webView.evaluateJavascript(script)
    }

    func setCookie(_ cookie: BridgeCookie) async throws {
        guard let webView else { throw PageDeliveryError.webViewGone }
        try await webView.setCookie("https://\(cookie.domain)\(cookie.path)", cookie.setCookieHeaderValue)
    }
}
#endif
