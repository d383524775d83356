import Foundation
import TodayBridge

/// A Chromium page with the bridge installed as an Android host would install it (A1, A2).
///
/// The page gets a string-only binding, exactly like Android's `@JavascriptInterface`
/// (`Runtime.addBinding`), and the web SDK's Android shim presents the channel over it. The frame
/// and origin of every call come from the engine: the execution context it was made in, its
/// frame, and the frame's committed URL (C8). Cross-site iframes, which run in other processes,
/// are reached through auto-attach. Platform tag: `android`.
///
/// ```swift
/// let host = try await ChromiumBridgeHost.launch(bridge: bridge)
/// try await host.open(URL(string: "https://feed.example.com/app/")!)
/// await host.waitUntilClosed()
/// ```
public actor ChromiumBridgeHost {
    /// The core connection of the page: emit events and call the page through it (X3, X4).
    public nonisolated let connection: BridgeConnection

    private let browser: ChromiumProcess
    private let cdp: CDPConnection
    private let transport: StringTransport
    private var pageSession: String?
    private var pageTarget: String?
    private var frames = ChromiumFrames()
    private var closedWaiters: [CheckedContinuation<Void, Never>] = []
    private var isClosed = false

    /// The binding the shim sends through (the shim's default).
    static let bindingName = "todayWebViewBridgeNative"

    /// Starts a headless Chromium for `bridge`.
    ///
    /// - Parameters:
    ///   - androidShim: The web SDK's `dist/android-shim.js`.
    ///   - trustedCertificateKeys: base64 SHA-256 hashes of the public keys of local test
    ///     certificates to accept (`--ignore-certificate-errors-spki-list`): those keys only.
    ///   - rawEcho: Answer messages of type `__bench.echo` at once with the message, skipping the
    ///     core: the benchmarks' baseline on the same channel.
    public static func launch(bridge: TodayBridge, androidShim: String, trustedCertificateKeys: [String] = [], rawEcho: Bool = false) async throws -> ChromiumBridgeHost {
        let arguments = trustedCertificateKeys.isEmpty ? [] : ["--ignore-certificate-errors-spki-list=" + trustedCertificateKeys.joined(separator: ",")]
        let browser = try ChromiumProcess(extraArguments: arguments)
        let host = ChromiumBridgeHost(bridge: bridge, browser: browser, documentStart: ChromiumPageScripts.documentStart(shim: androidShim, bindingName: Self.bindingName, platform: bridge.configuration.platform))
        await host.setRawEcho(rawEcho)
        await host.startListening()
        return host
    }

    private let documentStart: String
    private var rawEcho = false

    private func setRawEcho(_ enabled: Bool) {
        rawEcho = enabled
    }

    private init(bridge: TodayBridge, browser: ChromiumProcess, documentStart: String) {
        let cdp = CDPConnection(process: browser)
        self.documentStart = documentStart
        self.browser = browser
        self.cdp = cdp
        let scripts = ScriptRunner()
        let connection = bridge.connect(cookieStore: ChromiumCookieStore(runner: scripts)) { script in
            try await scripts.run(script)
        }
        self.connection = connection
        transport = StringTransport(connection: connection)
        scripts.host = self
    }

    /// Opens `url` in a new page with the bridge installed before any of its scripts run.
    ///
    /// The page starts on its initial empty document, which the first navigation replaces: its
    /// history starts with the page itself, so it may close its own window as an app's single web
    /// view may.
    public func open(_ url: URL) async throws {
        try await cdp.send("Target.setDiscoverTargets", ["discover": true])
        let target = try await cdp.send("Target.createTarget", ["url": ""])
        guard let targetID = target["targetId"]?.stringValue else { throw ChromiumError.protocolError("no target") }
        pageTarget = targetID
        let attached = try await cdp.send("Target.attachToTarget", ["targetId": .string(targetID), "flatten": true])
        guard let session = attached["sessionId"]?.stringValue else { throw ChromiumError.protocolError("no session") }
        pageSession = session
        try await install(in: session)
        try await cdp.send("Page.navigate", ["url": .string(url.absoluteString)], session: session)
    }

    /// Returns when the page has closed itself (`window.close()`), or the browser is gone or shut down.
    public func waitUntilClosed() async {
        if isClosed { return }
        await withCheckedContinuation { closedWaiters.append($0) }
    }

    /// Whether the page closed itself, rather than being shut down.
    public private(set) var pageClosedItself = false

    /// Ends the browser.
    public func shutdown() {
        connection.close()
        browser.terminate()
        markClosed()
    }

    /// Installs the binding and the document-start scripts in a paused target, then lets it run.
    private func install(in session: String) async throws {
        try await cdp.send("Page.enable", session: session)
        try await cdp.send("Runtime.enable", session: session)
        try await cdp.send("Runtime.addBinding", ["name": .string(Self.bindingName)], session: session)
        try await cdp.send("Page.addScriptToEvaluateOnNewDocument", ["source": .string(documentStart)], session: session)
        try await cdp.send("Target.setAutoAttach", ["autoAttach": true, "waitForDebuggerOnStart": true, "flatten": true], session: session)
        try await cdp.send("Runtime.runIfWaitingForDebugger", session: session)
    }

    private func startListening() {
        let events = cdp.events
        Task { [weak self] in
            for await event in events {
                await self?.handle(event)
            }
            await self?.markClosed()
        }
    }

    private func handle(_ event: CDPConnection.Event) async {
        let session = event.sessionID ?? ""
        switch event.method {
        case "Target.attachedToTarget":
            // An out-of-process iframe of the page, paused until its scripts are in place.
            guard event.sessionID != nil, let child = event.params["sessionId"]?.stringValue else { return }
            Task { try? await install(in: child) }
        case "Runtime.executionContextCreated":
            frames.contextCreated(event.params, session: session)
        case "Runtime.executionContextDestroyed":
            frames.contextDestroyed(event.params)
        case "Page.frameNavigated":
            if frames.frameNavigated(event.params, isPageSession: session == pageSession) {
                _ = connection.documentDidChange()
            }
        case "Runtime.bindingCalled":
            guard event.params["name"]?.stringValue == Self.bindingName,
                  let payload = event.params["payload"]?.stringValue,
                  let context = event.params["executionContextId"]?.doubleValue.map(Int.init)
            else { return }
            let facts = frames.senderFacts(context: context, document: connection.currentDocument)
            if payload == ChromiumPageScripts.closeRequest {
                if facts.isMainFrame { pageAskedToClose() }
                return
            }
            if rawEcho, let reply = RawEcho.reply(to: payload) {
                Task { _ = try? await cdp.send("Runtime.evaluate", ["expression": .string(StringTransport.replyScript(reply)), "contextId": .number(Double(context))], session: session) }
                return
            }
            Task { await answer(payload, from: facts, context: context, session: session) }
        case "Target.targetDestroyed", "Target.detachedFromTarget":
            if event.params["targetId"]?.stringValue == pageTarget || event.params["sessionId"]?.stringValue == pageSession {
                pageAskedToClose()
            }
        default:
            break
        }
    }

    private func answer(_ payload: String, from facts: SenderFacts, context: Int, session: String) async {
        guard let reply = await transport.receive(payload, from: facts) else { return }
        _ = try? await cdp.send("Runtime.evaluate", ["expression": .string(StringTransport.replyScript(reply)), "contextId": .number(Double(context))], session: session)
    }

    /// Runs one of the core's scripts in the main frame's page world.
    fileprivate func runInMainFrame(_ script: String) async throws {
        guard let main = frames.mainContext else { throw ChromiumError.browserGone }
        let result = try await cdp.send("Runtime.evaluate", ["expression": .string(script), "contextId": .number(Double(main.id))], session: main.session)
        if let exception = result["exceptionDetails"] {
            throw ChromiumError.protocolError(exception["text"]?.stringValue ?? "script failed")
        }
    }

    /// Sets a cookie in the page's own cookie store.
    fileprivate func setCookie(_ cookie: BridgeCookie) async throws {
        guard let session = pageSession else { throw ChromiumError.browserGone }
        try await cdp.send("Network.setCookie", [
            "name": .string(cookie.name), "value": .string(cookie.value), "domain": .string(cookie.domain),
            "path": .string(cookie.path), "secure": .bool(cookie.isSecure), "httpOnly": .bool(cookie.isHTTPOnly),
        ], session: session)
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

    /// Lets the connection, created before the host exists, reach it.
    private final class ScriptRunner: Sendable {
        private let box = Locked<ChromiumBridgeHost?>(nil)
        var host: ChromiumBridgeHost? {
            get { box.withLock { $0 } }
            set { box.withLock { $0 = newValue } }
        }

        func run(_ script: String) async throws {
            guard let host else { throw ChromiumError.browserGone }
            try await host.runInMainFrame(script)
        }

        func setCookie(_ cookie: BridgeCookie) async throws {
            guard let host else { throw ChromiumError.browserGone }
            try await host.setCookie(cookie)
        }
    }

    private struct ChromiumCookieStore: BridgeCookieStore {
        let runner: ScriptRunner
        func setCookie(_ cookie: BridgeCookie) async throws { try await runner.setCookie(cookie) }
    }
}
