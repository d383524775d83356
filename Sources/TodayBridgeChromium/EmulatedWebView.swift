#if os(Linux)
import Foundation
import TodayBridge

/// Android's `WebView` with `androidx.webkit`, as far as a bridge host uses it, over a headless
/// Chromium (Android WebView's engine) driven through the DevTools pipe.
///
/// It offers exactly Android's API and nothing more convenient, so what works here works on a
/// device: `WebViewCompat.addDocumentStartJavaScript`, `WebViewCompat.addWebMessageListener`
/// (an injected object per frame; replies only through that frame's ``JavaScriptReplyProxy``),
/// `WebView.evaluateJavascript` (main frame only), `CookieManager.setCookie`, `WebView.getUrl`,
/// `WebViewClient.onPageStarted` (a new main-frame document, posted on commit as current WebView
/// versions do), `WebViewClient.onRenderProcessGone` (the renderer died: the view cannot be used
/// again, and a client that returns `false` ends the app, as on Android) and
/// `WebChromeClient.onCloseWindow`. Like Android, the actor is the web view's
/// one thread: listeners and callbacks run on it, and replies are posted from it.
///
/// Origin rules: only `*` (every frame), which is what a bridge host gives both calls; anything
/// else stops the process, since a narrower emulation would prove less than it claims.
package actor EmulatedWebView {
    private let browser: ChromiumProcess
    private let cdp: CDPConnection
    private var pageSession: String?
    private var pageTarget: String?
    private var sessions: [String] = []
    private var frames = ChromiumFrames()
    private var documentStartScripts: [String] = []
    private var listeners: [String: WebMessageListener] = [:]
    private var installedScripts: [String: [String]] = [:]
    private var onPageStarted: @Sendable (URL?) -> Void = { _ in }
    private var onCloseWindow: @Sendable () -> Void = {}
    private var onRenderProcessGone: @Sendable (EmulatedWebView, RenderProcessGoneDetail) -> Bool = { _, _ in false }
    /// Set once the renderer is gone: like Android's, the view is then unusable.
    private var rendererGone = false
    private var destroyedWaiters: [CheckedContinuation<Void, Never>] = []
    private(set) var isDestroyed = false

    /// Hidden names, fresh per web view, that the page never sees (the emulation deletes them).
    private let hiddenPrefix = "__todayEmulation" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
    private var closeBinding: String { hiddenPrefix + "Close" }
    private var deliveryName: String { hiddenPrefix + "Deliver" }
    private func binding(for objectName: String) -> String { hiddenPrefix + "Object" + objectName }

    /// Starts a browser with one page on its initial empty document.
    ///
    /// - Parameter trustedCertificateKeys: base64 SHA-256 hashes of the public keys of local test
    ///   certificates to accept (`--ignore-certificate-errors-spki-list`): those keys only.
    package static func launch(trustedCertificateKeys: [String] = []) async throws -> EmulatedWebView {
        let arguments = trustedCertificateKeys.isEmpty ? [] : ["--ignore-certificate-errors-spki-list=" + trustedCertificateKeys.joined(separator: ",")]
        let webView = EmulatedWebView(browser: try ChromiumProcess(extraArguments: arguments))
        try await webView.createPage()
        return webView
    }

    private init(browser: ChromiumProcess) {
        self.browser = browser
        cdp = CDPConnection(process: browser)
    }

    // MARK: Android's API

    /// `WebViewClient.onPageStarted` and `onRenderProcessGone(view, detail)`, and
    /// `WebChromeClient.onCloseWindow`.
    package func setClients(
        onPageStarted: @escaping @Sendable (URL?) -> Void,
        onRenderProcessGone: @escaping @Sendable (EmulatedWebView, RenderProcessGoneDetail) -> Bool,
        onCloseWindow: @escaping @Sendable () -> Void
    ) {
        self.onPageStarted = onPageStarted
        self.onRenderProcessGone = onRenderProcessGone
        self.onCloseWindow = onCloseWindow
    }

    /// `WebViewCompat.addDocumentStartJavaScript`: runs `script` in every frame's new documents,
    /// before their own scripts and after the injected objects.
    package func addDocumentStartJavaScript(_ script: String, allowedOriginRules: Set<String>) async throws {
        Self.requireEveryOrigin(allowedOriginRules)
        documentStartScripts.append(script)
        try await reinstallScripts()
    }

    /// `WebViewCompat.addWebMessageListener`: injects `window.<jsObjectName>` into every frame's
    /// new documents and calls `listener` with each string it posts.
    package func addWebMessageListener(_ jsObjectName: String, allowedOriginRules: Set<String>, _ listener: @escaping WebMessageListener) async throws {
        Self.requireEveryOrigin(allowedOriginRules)
        listeners[jsObjectName] = listener
        for session in sessions {
            try await cdp.send("Runtime.addBinding", ["name": .string(binding(for: jsObjectName))], session: session)
        }
        try await reinstallScripts()
    }

    /// `WebView.evaluateJavascript`: runs `script` in the main frame's page world.
    package func evaluateJavascript(_ script: String) async throws {
        guard !rendererGone, let main = frames.mainContext else { throw PageDeliveryError.webViewGone }
        let result = try await cdp.send("Runtime.evaluate", ["expression": .string(script), "contextId": .number(Double(main.id))], session: main.session)
        if let exception = result["exceptionDetails"] {
            throw PageDeliveryError.engineRefused(exception["text"]?.stringValue ?? "the script threw")
        }
    }

    /// `CookieManager.setCookie(url, value)`: `value` is a `Set-Cookie` header's value.
    package func setCookie(_ url: String, _ value: String) async throws {
        guard let session = pageSession, let cookie = SetCookieHeader(value) else { throw PageDeliveryError.engineRefused("not a cookie") }
        var parameters: [String: JSONValue] = [
            "url": .string(url), "name": .string(cookie.name), "value": .string(cookie.value),
            "secure": .bool(cookie.isSecure), "httpOnly": .bool(cookie.isHTTPOnly),
        ]
        parameters["domain"] = cookie.domain.map(JSONValue.string)
        parameters["path"] = cookie.path.map(JSONValue.string)
        try await cdp.send("Network.setCookie", .object(parameters), session: session)
    }

    /// `WebView.getUrl()`: the main frame's committed URL.
    package var url: URL? { frames.mainDocumentURL }

    /// `WebView.loadUrl`.
    package func loadUrl(_ url: URL) async throws {
        guard !rendererGone, let session = pageSession else { throw PageDeliveryError.webViewGone }
        try await cdp.send("Page.navigate", ["url": .string(url.absoluteString)], session: session)
    }

    /// `WebView.destroy()`: ends the browser.
    package func destroy() {
        browser.terminate()
        markDestroyed()
    }

    /// Returns once the web view is destroyed, or its browser is gone.
    package func waitUntilDestroyed() async {
        if isDestroyed { return }
        await withCheckedContinuation { destroyedWaiters.append($0) }
    }

    // MARK: DevTools

    /// The page target, paused until its bindings and scripts are in place.
    private func createPage() async throws {
        let events = cdp.events
        Task { [weak self] in
            for await event in events { await self?.handle(event) }
            await self?.markDestroyed()
        }
        try await cdp.send("Target.setDiscoverTargets", ["discover": true])
        let target = try await cdp.send("Target.createTarget", ["url": ""])
        guard let targetID = target["targetId"]?.stringValue else { throw ChromiumError.protocolError("no target") }
        pageTarget = targetID
        let attached = try await cdp.send("Target.attachToTarget", ["targetId": .string(targetID), "flatten": true])
        guard let session = attached["sessionId"]?.stringValue else { throw ChromiumError.protocolError("no session") }
        pageSession = session
        try await attach(session)
    }

    /// Prepares a session (the page's, or an out-of-process frame's), then lets it run.
    private func attach(_ session: String) async throws {
        sessions.append(session)
        try await cdp.send("Page.enable", session: session)
        try await cdp.send("Runtime.enable", session: session)
        for name in [closeBinding] + listeners.keys.map(binding(for:)) {
            try await cdp.send("Runtime.addBinding", ["name": .string(name)], session: session)
        }
        try await installScripts(in: session)
        try await cdp.send("Target.setAutoAttach", ["autoAttach": true, "waitForDebuggerOnStart": true, "flatten": true], session: session)
        try await cdp.send("Runtime.runIfWaitingForDebugger", session: session)
    }

    /// The injected objects first, then the document-start scripts in the order they were added.
    private var scriptsInOrder: [String] {
        let configuration = ChromiumWebViewConfiguration(
            listeners: listeners.keys.sorted().map { ChromiumWebMessageListener(objectName: $0, bindingName: binding(for: $0)) },
            deliveryName: deliveryName,
            closeBindingName: closeBinding
        )
        return [HostScript.chromiumWebView.invocation(configuration)] + documentStartScripts
    }

    private func reinstallScripts() async throws {
        for session in sessions { try await installScripts(in: session) }
    }

    private func installScripts(in session: String) async throws {
        for identifier in installedScripts[session] ?? [] {
            try await cdp.send("Page.removeScriptToEvaluateOnNewDocument", ["identifier": .string(identifier)], session: session)
        }
        var identifiers: [String] = []
        for script in scriptsInOrder {
            let added = try await cdp.send("Page.addScriptToEvaluateOnNewDocument", ["source": .string(script)], session: session)
            if let identifier = added["identifier"]?.stringValue { identifiers.append(identifier) }
        }
        installedScripts[session] = identifiers
    }

    private func handle(_ event: CDPConnection.Event) async {
        let session = event.sessionID ?? ""
        switch event.method {
        case "Target.attachedToTarget":
            // An out-of-process frame of the page, paused until its scripts are in place.
            guard event.sessionID != nil, let child = event.params["sessionId"]?.stringValue else { return }
            try? await attach(child)
        case "Target.detachedFromTarget":
            if let child = event.params["sessionId"]?.stringValue {
                sessions.removeAll { $0 == child }
                installedScripts[child] = nil
            }
            if event.params["sessionId"]?.stringValue == pageSession { markDestroyed() }
        case "Target.targetCrashed":
            if event.params["targetId"]?.stringValue == pageTarget { renderProcessGone(status: event.params["status"]?.stringValue) }
        case "Target.targetDestroyed":
            if event.params["targetId"]?.stringValue == pageTarget { markDestroyed() }
        case "Runtime.executionContextCreated":
            frames.contextCreated(event.params, session: session)
        case "Runtime.executionContextDestroyed":
            frames.contextDestroyed(event.params, session: session)
        case "Page.frameNavigated":
            if let url = frames.frameNavigated(event.params, isPageSession: session == pageSession) {
                onPageStarted(url)
            }
        case "Runtime.bindingCalled":
            bindingCalled(event.params, session: session)
        default:
            break
        }
    }

    private func bindingCalled(_ params: JSONValue, session: String) {
        guard let name = params["name"]?.stringValue, let payload = params["payload"]?.stringValue,
              let id = params["executionContextId"]?.doubleValue.map(Int.init)
        else { return }
        let context = ChromiumFrames.Context(session: session, id: id)
        let sender = frames.sender(of: context)
        if name == closeBinding {
            if sender.isMainFrame { onCloseWindow() }
            return
        }
        guard let objectName = listeners.keys.first(where: { binding(for: $0) == name }), let listener = listeners[objectName] else { return }
        listener(self, payload, sender.origin, sender.isMainFrame, JavaScriptReplyProxy(webView: self, context: context, objectName: objectName))
    }

    /// A reply proxy's message: a `message` event on the object in that one context.
    func deliver(_ message: String, to objectName: String, in context: ChromiumFrames.Context) async {
        guard !rendererGone else { return }
        let script = HostScript.chromiumWebMessageReply.invocation(
            ChromiumWebMessageReplyConfiguration(deliveryName: deliveryName, objectName: objectName, message: message)
        )
        _ = try? await cdp.send("Runtime.evaluate", ["expression": .string(script), "contextId": .number(Double(context.id))], session: context.session)
    }

    /// The page's renderer died: DevTools' termination status `killed` or `oom` is the system
    /// reclaiming it (`didCrash()` false), anything else a crash.
    private func renderProcessGone(status: String?) {
        guard !rendererGone else { return }
        rendererGone = true
        frames = ChromiumFrames()
        let detail = RenderProcessGoneDetail(didCrash: status != "killed" && status != "oom")
        precondition(onRenderProcessGone(self, detail), "onRenderProcessGone returned false: Android ends the app")
    }

    private func markDestroyed() {
        isDestroyed = true
        let waiters = destroyedWaiters
        destroyedWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    private static func requireEveryOrigin(_ rules: Set<String>) {
        precondition(rules == ["*"], "the emulated WebView supports the origin rule \"*\" only")
    }
}
#endif
