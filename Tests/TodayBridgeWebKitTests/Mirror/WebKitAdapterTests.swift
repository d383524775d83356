#if os(Linux)
import Testing
import TodayBridge
import TodayBridgeTesting
@testable import TodayBridgeWebKit
import WebKit

/// The Apple adapter's own source, compiled against the WebKit mirror and driven by its fake engine.
@Suite("WebKit adapter (mirror engine)")
@MainActor
struct WebKitAdapterTests {
    @Test("C1 the channel is a handler with reply in the page world under the configured name")
    func c1Channel() {
        let page = MirrorPage()
        #expect(page.controller.mirrorHandlers(in: .page) == ["todayWebViewBridge": true])
        #expect(WebKitBridge.installed(in: page.configuration) === page.installation)
        #expect(WebKitBridge.install(page.bridge, in: page.view) === page.installation)  // installing again is harmless
    }

    @Test("C7 the platform tag runs at document start in the main frame only, in the page world")
    func c7PlatformTag() {
        let page = MirrorPage(platform: .macos)
        let tags = page.controller.userScripts.filter { $0.source == HostScript.platformTag.invocation(PlatformTagConfiguration(platform: .macos)) }
        #expect(tags.count == 1)
        #expect(tags.first?.injectionTime == .atDocumentStart)
        #expect(tags.first?.isForMainFrameOnly == true)
        #expect(tags.first?.mirrorContentWorld === WKContentWorld.page)
    }

    @Test("C8 T2 the main frame of a trusted HTTPS page gets its credentials, the reply as Foundation values")
    func c8MainFrame() async {
        let page = MirrorPage()
        page.navigate()
        let reply = await page.send(["type": "headers"])
        #expect(reply.answers.count == 1)
        #expect((reply.answers.first?.value as? [String: Any])?["Authorization"] as? String == "Bearer token-0")
        #expect(reply.json == ["Authorization": "Bearer token-0", "X-Client": "today-test"])
    }

    @Test("S1 a sub-frame message gets undefined from headers, refreshToken and establishSession; track is served")
    func s1SubFrame() async {
        let page = MirrorPage()
        page.navigate()
        let sameOrigin = MirrorPage.Frame.subFrame(URL(string: "https://trusted.example.com/app/frame")!)
        for type in ["headers", "refreshToken", "establishSession"] {
            #expect(await page.send(["type": type], from: sameOrigin).isUndefined)
        }
        #expect(page.cookies.isEmpty)
        #expect(await page.send(["type": "track", "ename": "frame_seen"], from: sameOrigin).isUndefined)
        await MirrorPage.settle { !page.analytics.events.isEmpty }
        #expect(page.analytics.events.map(\.name) == ["frame_seen"])
    }

    @Test("S1 C8 a cross-origin frame gets nothing, whatever its message claims")
    func s1CrossOriginFrame() async {
        let page = MirrorPage()
        page.navigate()
        let ad = MirrorPage.Frame.subFrame(URL(string: "https://ads.example/slot")!)
        let claim: [String: Any] = ["type": "headers", "isMainFrame": true, "origin": "https://trusted.example.com"]
        #expect(await page.send(claim, from: ad).isUndefined)
        #expect(await page.send(["type": "refreshToken"], from: ad).isUndefined)
        #expect(page.tokens.refreshCount == 0)
    }

    @Test("S3 a cleartext http view URL gets no Authorization, only the surface's extra headers")
    func s3Cleartext() async {
        let page = MirrorPage()
        page.navigate(to: URL(string: "http://trusted.example.com/app/home")!)
        #expect(await page.send(["type": "headers"]).json == ["X-Client": "today-test"])
        #expect(await page.send(["type": "establishSession"]).isUndefined)  // T4: not a trusted main frame
        #expect(page.cookies.isEmpty)
    }

    @Test("T4 establishSession mints the session cookie into the view's own cookie store")
    func t4Cookie() async throws {
        let page = MirrorPage()
        page.navigate()
        #expect(await page.send(["type": "establishSession"]).json == ["ok": true])
        let cookie = try #require(page.cookies.first)
        #expect(page.cookies.count == 1)
        #expect(cookie.name == "embed_bearer" && cookie.value == "token-0")
        #expect(cookie.domain == "trusted.example.com" && cookie.path == "/api/")
        #expect(cookie.isSecure && cookie.isHTTPOnly)
        #expect(cookie.expiresDate == nil)  // a session cookie
    }

    @Test("S4 each committed main-frame document is a new document; same-document navigations are not")
    func s4DocumentIdentity() {
        let page = MirrorPage()
        page.navigate()
        let first = page.connection.currentDocument
        page.view.mirrorSameDocumentNavigation(to: URL(string: "https://trusted.example.com/app/other#x")!)
        #expect(page.connection.currentDocument == first)
        page.navigate()  // a reload: same URL, new document
        #expect(page.connection.currentDocument.generation == first.generation + 1)
        // The marker's handler lives in the bridge's own world: the page cannot reach it.
        let marker = WebKitPageScripts.documentHandler(channel: page.bridge.configuration.channelName)
        #expect(page.controller.mirrorPost(NSNull(), toHandler: marker, from: page.frameInfo(.main)) == nil)
        let markerScripts = page.controller.userScripts.filter { $0.mirrorContentWorld !== WKContentWorld.page }
        #expect(markerScripts.count == 1)
        #expect(markerScripts.first.map { $0.isForMainFrameOnly && $0.injectionTime == .atDocumentStart } == true)
        #expect(markerScripts.first?.source.contains("\"\(marker)\"") == true)
    }

    @Test("S4 a refresh in flight when the main document changes answers without a credential")
    func s4NavigationDuringRefresh() async {
        let page = MirrorPage()
        page.navigate()
        page.tokens.hold()
        let reply = page.post(["type": "refreshToken"])
        await MirrorPage.settle { page.connection.pendingCallCount == 1 }
        page.navigate(to: URL(string: "https://trusted.example.com/app/next")!)
        page.tokens.release()
        await MirrorPage.settle { !reply.answers.isEmpty }
        #expect(reply.answers.count == 1)
        #expect(reply.json == nil)
        #expect(reply.errorMessage?.contains("Bearer") == false)
    }

    @Test("C5 every message gets exactly one reply, whatever its shape")
    func c5ExactlyOnce() async {
        let page = MirrorPage()
        page.navigate()
        let bodies: [Any] = [
            ["type": "headers"], ["type": "track", "ename": "x"], ["type": "nope"], ["type": 3],
            ["no": "type"], "text", 42, NSNull(), [1, 2], ["type": "establishSession"],
        ]
        let replies = bodies.map { page.post($0) }
        await MirrorPage.settle { replies.allSatisfy { !$0.answers.isEmpty } }
        #expect(replies.map(\.answers.count) == Array(repeating: 1, count: bodies.count))
        #expect(replies[2].isUndefined && replies[3].isUndefined && replies[5].isUndefined)
    }

    @Test("C5 X7 a body WebKit hands over that is not JSON resolves undefined and is reported")
    func c5UnsupportedBody() async {
        let page = MirrorPage()
        page.navigate()
        let diagnostics = page.bridge.diagnostics()
        let reply = await page.send(["type": "headers", "when": URL(string: "https://x.example")!])
        #expect(reply.isUndefined)
        var iterator = diagnostics.makeAsyncIterator()
        #expect(await iterator.next()?.code == .undecodableMessage)
    }

    @Test("C4 C5 a capability that throws rejects once, with the core's reason as the error message")
    func c5HandlerThrows() async throws {
        struct Broken: Error {}
        let page = MirrorPage()
        try page.bridge.register("explode", access: .anyFrame) { (_: NoResult, _) -> NoResult in throw Broken() }
        page.navigate()
        let reply = await page.send(["type": "explode"])
        #expect(reply.answers.count == 1)
        #expect(reply.answers.first?.value == nil)
        #expect(reply.errorMessage?.hasPrefix("TodayBridgeError:") == true)
        #expect(reply.errorMessage?.contains("Broken") == false)  // no native error text crosses (house rule)
    }

    @Test("C5 X5 a view deallocated mid-call settles the call once, leaves nothing pending and is reported")
    func c5ViewGoneMidCall() async {
        let page = MirrorPage()
        page.navigate()
        let connection = page.connection
        let diagnostics = page.bridge.diagnostics()
        page.tokens.hold()
        let reply = page.post(["type": "refreshToken"])
        await MirrorPage.settle { connection.pendingCallCount == 1 }
        weak var gone: WKWebView?
        gone = page.webView
        page.dropWebView()
        #expect(gone == nil)
        await MirrorPage.settle { !reply.answers.isEmpty }
        #expect(reply.answers.count == 1)
        #expect(reply.errorMessage?.contains("cancelled") == true)
        #expect(connection.pendingCallCount == 0)
        var iterator = diagnostics.makeAsyncIterator()
        #expect(await iterator.next()?.code == .webViewGone)
        page.tokens.release()
        await MirrorPage.settle(rounds: 2_000) { false }
        #expect(reply.answers.count == 1)  // the late refresh is dropped, not a second reply
    }

    @Test("C5 S4 the web content process ending settles every pending call once, begins a new document and tells the app")
    func c5WebContentProcessTerminated() async throws {
        let page = MirrorPage()
        page.navigate()
        let connection = page.connection
        let before = connection.currentDocument
        let diagnostics = page.bridge.diagnostics()
        let told = Locked<[WebProcessTermination]>([])
        connection.onWebProcessTermination { reason in told.withLock { $0.append(reason) } }
        let delegate = ReportingNavigationDelegate(installation: page.installation)
        page.view.navigationDelegate = delegate
        page.tokens.hold()
        let refresh = page.post(["type": "refreshToken"])
        let session = page.post(["type": "establishSession", "refresh": true])
        await MirrorPage.settle { connection.pendingCallCount == 2 }
        page.view.mirrorTerminateWebContentProcess()
        await MirrorPage.settle { refresh.answers.count + session.answers.count == 2 }
        try #require(told.withLock { $0 } == [.unknown], "the app was told (and so the diagnostic went out)")
        #expect(refresh.errorMessage?.contains("cancelled") == true)
        #expect(session.json == ["ok": false])
        #expect(connection.pendingCallCount == 0)
        #expect(connection.currentDocument != before)
        var iterator = diagnostics.makeAsyncIterator()
        #expect(await iterator.next()?.code == .webProcessTerminated)
        page.tokens.release()
        await MirrorPage.settle(rounds: 2_000) { false }
        #expect(refresh.answers.count == 1 && session.answers.count == 1, "the late refresh reaches nobody")
        #expect(page.cookies.isEmpty)

        page.navigate()
        let headers = await page.send(["type": "headers"]).json
        #expect(headers?["Authorization"]?.stringValue?.hasPrefix("Bearer token-") == true, "after the reload every capability works: \(String(describing: headers))")
    }

    @Test("C5 the handler WebKit retains keeps no web view alive")
    func c5NoRetainedView() async {
        let configuration = WKWebViewConfiguration()
        let page = MirrorPage()
        WebKitBridge.install(page.bridge, in: configuration)
        weak var weakView: WKWebView?
        do {
            let view = WKWebView(frame: .zero, configuration: configuration)
            weakView = view
            view.mirrorCommitNavigation(to: MirrorPage.trustedPage)
            let frame = WKFrameInfo(mirrorMainFrame: true, url: view.url, origin: WKSecurityOrigin(mirrorProtocol: "https", host: "trusted.example.com", port: 0), webView: view)
            let reply = configuration.userContentController.mirrorPost(["type": "headers"], toHandler: "todayWebViewBridge", from: frame)
            await MirrorPage.settle { reply?.answers.isEmpty == false }
            #expect(reply?.answers.count == 1)
        }
        #expect(weakView == nil)
    }

    @Test("X3 events reach the main frame's page world natively, as callAsyncJavaScript's argument")
    func x3Events() async throws {
        let page = MirrorPage()
        page.navigate()
        #expect(await page.send(["type": "__today.subscribe", "event": "cart.changed"]).json == [])
        await page.connection.emit("cart.changed", data: ["count": 2])
        let call = try #require(page.view.mirrorAsyncCalls.first)
        #expect(page.view.mirrorAsyncCalls.count == 1 && page.view.mirrorEvaluatedScripts.isEmpty)
        #expect(call.functionBody == PageDelivery.functionBody)
        #expect(call.worldName == nil && call.isMainFrame)
        #expect(Self.argument(of: call) == PageDelivery.event(name: "cart.changed", data: ["count": 2]).functionArgument)
    }

    @Test("X4 a native call runs in the page and resolves with the page's reply")
    func x4NativeCall() async throws {
        let page = MirrorPage()
        page.navigate()
        let connection = page.connection
        let call = Task { try await connection.call("confirmLeave", arguments: ["draft": true], default: false) }
        await MirrorPage.settle { page.view.mirrorAsyncCalls.count == 1 }
        let argument = try #require(Self.argument(of: page.view.mirrorAsyncCalls[0]))
        let id = try #require(argument["detail"]?["id"]?.stringValue)
        #expect(argument == PageDelivery.call(id: id, name: "confirmLeave", arguments: ["draft": true]).functionArgument)
        #expect(await page.send(["type": "__today.reply", "id": id, "value": true]).isUndefined)
        #expect(try await call.value == true)
    }

    @Test("X4 X5 a script the view cannot run fails the call and is reported")
    func x4EvaluationFails() async {
        struct Unreachable: Error {}
        let page = MirrorPage()
        page.navigate()
        page.view.mirrorEvaluationError = Unreachable()
        let diagnostics = page.bridge.diagnostics()
        let connection = page.connection
        await #expect(throws: BridgeError.self) { try await connection.call("anything") }
        var iterator = diagnostics.makeAsyncIterator()
        #expect(await iterator.next()?.code == .scriptEvaluationFailed)
    }

    /// The `configuration` argument of a delivery, back as JSON.
    private static func argument(of call: WKWebView.MirrorAsyncCall) -> JSONValue? {
        call.arguments["configuration"].flatMap { try? JSONValue(foundationObject: $0) }
    }
}
/// An app's navigation delegate, forwarding the content process's end to the bridge as the docs show.
@MainActor
final class ReportingNavigationDelegate: NSObject, WKNavigationDelegate {
    let installation: WebKitBridge

    init(installation: WebKitBridge) {
        self.installation = installation
    }

    func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        installation.webContentProcessDidTerminate(in: webView)
    }
}
#endif
