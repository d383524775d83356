import Foundation
import FuzzSupport
import Synchronization
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting

/// One connection with the harness's services, driven by a program step by step, its invariants
/// checked as replies come and at the end: every message answered exactly once (C5), no
/// credential for a sender the policy refuses (S1, S3) or for a document that is gone (S4), no
/// cookie without a sender that may have one (T4), nothing pending once closed, no trap.
///
/// The session cookie's S4 check is exact where the program makes it so: an `establishSession`
/// sent while the token service held every request, whose document ended before the service
/// let go, can never have had its token in time; it must mint nothing (``Sessions``).
final class ConnectionHarness {
    typealias Step = ConnectionStep

    private let clock = ManualClock()
    private let tokens = FuzzTokens()
    private let handlers = Gate()
    private let replies = ReplyLog()
    private let sessions = Sessions()
    private var tokensHeld = false
    private let nativeCallsFinished = Counter()
    private var nativeCalls: [Task<Void, Never>] = []
    private var page: Step.Page?
    private var isClosed = false
    private let webView: FuzzWebView
    private let bridge: TodayBridge
    private let connection: BridgeConnection

    /// Small limits, so that a short program reaches them (X7).
    private static let limits = BridgeLimits(
        maxMessageBytes: 2048, maxDepth: 8, maxCallsInFlight: 4, defaultDeadline: 10, maxBufferedEvents: 3,
        maxPendingNativeCalls: 3
    )
    static let trustedOrigin = SecurityOrigin(string: "https://trusted.example.com")!

    init() {
        let sessions = self.sessions
        webView = FuzzWebView { cookie in
            Fuzz.check(cookie.value.hasPrefix(FuzzTokens.prefix), "T4: a cookie without a token: \(cookie.value)")
            sessions.minted()
        }
        let surface = try! TrustedSurface(  // the literal rules are valid
            name: "fuzz", origins: ["https://trusted.example.com", "http://trusted.example.com"], pathPrefixes: ["/app"]
        )
        bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: .linux, surfaces: [surface], limits: Self.limits),
            tokens: tokens, analytics: RecordingAnalyticsSink(), identity: AnalyticsIdentity(deviceID: "fuzz"),
            clock: clock
        )
        connection = bridge.connect(webView)
        registerCapabilities()
    }

    private func registerCapabilities() {
        let handlers = self.handlers
        // The literal types are valid and distinct.
        try! bridge.register("fuzz.answer", access: .anyFrame) { (_: JSONValue, _) in "answered" }
        try! bridge.register("fuzz.throwBridgeError", access: .anyFrame) { (_: JSONValue, _) -> String in
            throw BridgeError.failed("no")
        }
        try! bridge.register("fuzz.throwOther", access: .anyFrame) { (_: JSONValue, _) -> String in
            throw FuzzTokenError.refreshFailed
        }
        try! bridge.register("fuzz.hang", access: .anyFrame, deadline: 5) { (_: JSONValue, _) in
            await handlers.pass()
            return "late"
        }
        try! bridge.register("fuzz.secret", access: .trustedSurface) { (_: JSONValue, _) in FuzzTokens.prefix + "secret"
        }
    }

    /// Runs one step, then checks what must hold after every step.
    func run(_ step: Step) async {
        switch step {
        case .message(let kind, let sender):
            // Only a plain establishSession asks the token service itself each time; one that
            // refreshes may join a refresh already past the service's gate (T3).
            send(
                Self.body(of: kind), from: sender, step: "\(kind) from \(sender)",
                waitsForTokens: kind == .establishSession)
        case .text(let text, let sender): send(text, from: sender, step: "text from \(sender)", waitsForTokens: false)
        case .navigate(let page):
            self.page = page
            sessions.documentEnds()
            replies.lifecycle { _ = connection.documentDidChange() }
        case .close:
            isClosed = true
            sessions.documentEnds()
            replies.lifecycle { connection.close() }
            Fuzz.check(connection.pendingCallCount == 0, "C5: calls pending after close")
        case .webProcessDied:
            sessions.documentEnds()
            replies.lifecycle { _ = connection.webProcessDidTerminate(.crashed) }
        case .advanceClock(let seconds): await clock.advance(bySeconds: seconds)
        case .emit(let number):
            try? await connection.emit(NativeEvent<JSONValue>("fuzz.event"), payload: .number(Double(number)))
        case .nativeCall(let deadline): startNativeCall(deadline: deadline)
        case .answerNativeCall(let index, let answer, let sender, let twice):
            let ids = webView.deliveredCallIDs
            let id = index < ids.count ? ids[index] : String(index + 1000)
            for _ in 0..<(twice ? 2 : 1) {
                send(
                    Self.reply(id: id, answer).jsonString, from: sender, step: "reply \(answer) from \(sender)",
                    waitsForTokens: false)
            }
        case .holdTokens(let holds):
            tokensHeld = holds
            if holds {
                tokens.gate.hold()
            } else {
                sessions.tokensReleased()
                tokens.gate.open()
            }
        case .failRefreshes(let fails): tokens.failRefreshes(fails)
        case .logOut: tokens.logOut()
        case .holdHandlers(let holds): holds ? handlers.hold() : handlers.open()
        case .yield: for _ in 0..<20 { await Task.yield() }
        }
    }

    /// Ends the run: opens every gate, closes the web view, lets what was running finish (bounded),
    /// then every message must have had exactly one reply and every native call its outcome.
    func finish() async {
        sessions.tokensReleased()
        tokens.gate.open()
        handlers.open()
        replies.lifecycle { connection.close() }
        Fuzz.check(connection.pendingCallCount == 0, "C5: calls pending after close")
        for task in nativeCalls { await task.value }
        let answered = await Fuzz.eventually { self.replies.unanswered.isEmpty }
        Fuzz.check(answered, "C5: never answered: \(replies.unanswered)")
        Fuzz.check(nativeCallsFinished.count == nativeCalls.count, "X4: a native call never ended")
    }

    /// Sends a message; `waitsForTokens`: an `establishSession` that cannot get a token while the
    /// token service holds every request.
    private func send(_ text: String, from sender: Step.Sender, step: String, waitsForTokens: Bool) {
        let facts = facts(of: sender)
        let mayHoldCredential =
            facts.isMainFrame && facts.frameOrigin == Self.trustedOrigin
            && facts.mainDocumentURL == Step.Page.trusted.url
        if mayHoldCredential, !isClosed, text.contains("\"establishSession") {
            sessions.sent(heldUntilItsDocumentEnds: waitsForTokens && tokensHeld)
        }
        let index = replies.expect(step, mayHoldCredential: mayHoldCredential)
        connection.receive(.json(text), from: facts, reply: replies.reply(to: index))
        if isClosed {
            // C5: a web view that is gone answers at once.
            Fuzz.check(replies.replies(to: index) == 1, "C5: \(step) after close was not answered at once")
        }
    }

    private func startNativeCall(deadline: Double) {
        let connection = self.connection, finished = nativeCallsFinished
        let call = NativeCall<JSONValue, JSONValue>("fuzz.ask")
        nativeCalls.append(
            Task {
                _ = try? await connection.call(call, arguments: .null, default: "fallback", deadline: deadline)
                finished.increment()
            })
    }

    /// What the engine says about `sender` while the main frame shows ``page`` (C8).
    private func facts(of sender: Step.Sender) -> SenderFacts {
        let url = page?.url
        switch sender {
        case .mainFrame:
            return SenderFacts(isMainFrame: true, frameOrigin: page?.origin, frameURL: url, mainDocumentURL: url)
        case .sameOriginSubFrame:
            return SenderFacts(isMainFrame: false, frameOrigin: Self.trustedOrigin, mainDocumentURL: url)
        case .crossOriginSubFrame:
            return SenderFacts(
                isMainFrame: false, frameOrigin: SecurityOrigin(string: "https://ads.example"), mainDocumentURL: url)
        case .unidentified: return .unidentifiedFrame(mainDocumentURL: url)
        case .opaqueMainFrame: return SenderFacts(isMainFrame: true, frameOrigin: nil, mainDocumentURL: url)
        case .beforeCommit: return SenderFacts(isMainFrame: true, frameOrigin: Self.trustedOrigin, mainDocumentURL: nil)
        case .trustedOriginClaim:
            return SenderFacts(isMainFrame: true, frameOrigin: Self.trustedOrigin, mainDocumentURL: url)
        }
    }

    private static func body(of kind: Step.MessageKind) -> String {
        switch kind {
        case .track: #"{"type":"track","ename":"fuzz_event","parameters":{"n":1}}"#
        case .headers: #"{"type":"headers"}"#
        case .refreshToken: #"{"type":"refreshToken"}"#
        case .establishSession: #"{"type":"establishSession"}"#
        case .establishSessionRefreshing: #"{"type":"establishSession","refresh":true}"#
        case .hello: #"{"type":"__today.hello","protocol":2}"#
        case .subscribe: #"{"type":"__today.subscribe","event":"fuzz.event"}"#
        case .answer: #"{"type":"fuzz.answer"}"#
        case .throwBridgeError: #"{"type":"fuzz.throwBridgeError"}"#
        case .throwOther: #"{"type":"fuzz.throwOther"}"#
        case .hang: #"{"type":"fuzz.hang"}"#
        case .secret: #"{"type":"fuzz.secret"}"#
        case .unknownType: #"{"type":"fuzz.nobody"}"#
        case .notAnObject: #"[1,2]"#
        case .noType: #"{"kind":"headers"}"#
        }
    }

    private static func reply(id: String, _ answer: Step.NativeAnswer) -> JSONValue {
        var reply: [String: JSONValue] = ["type": "__today.reply", "id": .string(id)]
        switch answer {
        case .value: reply["value"] = "yes"
        case .undefined: break
        case .error: reply["error"] = "the handler failed"
        case .unhandled: reply["unhandled"] = true
        }
        return .object(reply)
    }
}

extension ConnectionStep.Page {
    var url: URL {
        switch self {
        case .trusted: URL(string: "https://trusted.example.com/app/home")!
        case .offSurfacePath: URL(string: "https://trusted.example.com/other")!
        case .cleartext: URL(string: "http://trusted.example.com/app/home")!
        case .lookalike: URL(string: "https://trusted.example.com.evil.test/app/")!
        case .aboutBlank: URL(string: "about:blank")!
        case .file: URL(string: "file:///sdcard/index.html")!
        }
    }

    /// The origin the engine reports for the main frame: an `about:blank` document inherits its
    /// creator's, here the trusted one.
    var origin: SecurityOrigin? {
        self == .aboutBlank ? ConnectionHarness.trustedOrigin : SecurityOrigin(url: url)
    }
}

/// A count the harness's tasks raise from any thread.
final class Counter: Sendable {
    private let value = Mutex(0)

    var count: Int { value.withLock { $0 } }

    func increment() { value.withLock { $0 += 1 } }
}
