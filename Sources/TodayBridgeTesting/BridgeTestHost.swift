import Foundation
@_spi(Adapters) import TodayBridge

/// An in-memory host for one web view: simulated frames, origins, navigations, and records of
/// what the bridge minted, forwarded and delivered to the page.
///
/// Use it to test an app's own capabilities and configuration without a web engine, the way
/// NIO's `EmbeddedChannel` tests handlers without a network.
///
/// ```swift
/// let host = try BridgeTestHost(surfaces: [TrustedSurface(name: "feed", origins: ["https://feed.example.com"])])
/// host.load("https://feed.example.com/home")
/// let reply = await host.send(["type": "headers"])
/// #expect(reply == .value(["Authorization": "Bearer token-0"]))
/// let fromAd = await host.send(["type": "headers"], from: .subFrame(origin: "https://ads.example"))
/// #expect(fromAd == .undefined)
/// try await host.finish()
/// ```
///
/// Time stands still unless the test moves it: a host created with its own bridge runs on a
/// ``ManualClock`` (``clock``), so a deadline passes only when the test calls
/// ``ManualClock/advance(bySeconds:)``, and timestamps start at ``ManualClock/wallClockStart``.
/// Pass `clock: SystemBridgeClock()` to run on real time instead.
///
/// End every test with ``finish()``: it closes the connection and throws ``Leftovers`` when a
/// page call or a native call is still pending, as `EmbeddedChannel.finish()` reports what a
/// test left unread.
public final class BridgeTestHost: Sendable {
    /// Which frame a simulated message comes from.
    public enum Frame: Sendable, Hashable {
        /// The top-level document.
        case main
        /// A sub-frame at `origin`, optionally with its document URL.
        case subFrame(origin: String, url: String? = nil)
    }

    /// The bridge under test.
    public let bridge: TodayBridge
    /// The simulated web view's connection.
    public let connection: BridgeConnection
    /// The simulated web view: what the bridge delivered to it and the cookies it minted.
    public let webView: RecordingWebView
    /// The token provider, when the host created the bridge.
    public let tokens: TestTokenProvider
    /// The analytics sink, when the host created the bridge.
    public let analytics: RecordingAnalyticsSink
    /// The bridge's clock: a ``ManualClock`` unless the test chose another.
    public let clock: any BridgeClock

    private let page = Locked<URL?>(nil)

    /// Creates a host with a fresh bridge and test services, on a ``ManualClock`` unless `clock`
    /// says otherwise.
    public convenience init(
        surfaces: [TrustedSurface] = [],
        token: String? = "token-0",
        platform: Platform = .linux,
        limits: BridgeLimits = BridgeLimits(),
        trackValidation: TrackValidation = TrackValidation(),
        clock: any BridgeClock = ManualClock(),
        webView: RecordingWebView = RecordingWebView(),
        analytics: RecordingAnalyticsSink = RecordingAnalyticsSink()
    ) {
        let tokens = TestTokenProvider(token: token)
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(
                platform: platform, surfaces: surfaces, limits: limits, trackValidation: trackValidation),
            tokens: tokens,
            analytics: analytics,
            identity: AnalyticsIdentity(
                deviceID: "device-1", sessionID: "session-1", userID: { token == nil ? nil : "user-1" },
                timeZone: { "Europe/Paris" }),
            clock: clock
        )
        self.init(bridge: bridge, tokens: tokens, analytics: analytics, webView: webView)
    }

    /// Creates a host around an existing bridge (its services are the bridge's own).
    public init(
        bridge: TodayBridge,
        tokens: TestTokenProvider = TestTokenProvider(),
        analytics: RecordingAnalyticsSink = RecordingAnalyticsSink(),
        webView: RecordingWebView = RecordingWebView()
    ) {
        self.bridge = bridge
        self.tokens = tokens
        self.analytics = analytics
        self.webView = webView
        clock = bridge.clock
        connection = bridge.connect(webView)
    }

    /// Commits a navigation of the main frame to `url`: a new document.
    @discardableResult
    public func load(_ url: String) -> DocumentID {
        page.withLock { $0 = URL(string: url) }
        return connection.documentDidChange()
    }

    /// Moves the host's ``ManualClock`` forward: deadlines that come due pass, and what waited on
    /// them runs. A host on another clock stops the test, loudly.
    public func advance(bySeconds seconds: Double) async {
        guard let manual = clock as? ManualClock else {
            preconditionFailure(
                "advance(bySeconds:) needs a host on a ManualClock; this one runs on \(type(of: clock))")
        }
        await manual.advance(bySeconds: seconds)
    }

    /// The main frame's committed URL.
    public var url: URL? { page.withLock { $0 } }

    /// The engine's facts for a message from `frame` of the current document.
    public func senderFacts(for frame: Frame = .main) -> SenderFacts {
        let url = self.url
        switch frame {
        case .main:
            return SenderFacts(
                isMainFrame: true, frameOrigin: url.flatMap(SecurityOrigin.init(url:)), frameURL: url,
                mainDocumentURL: url)
        case .subFrame(let origin, let frameURL):
            return SenderFacts(
                isMainFrame: false, frameOrigin: SecurityOrigin(string: origin),
                frameURL: frameURL.flatMap(URL.init(string:)), mainDocumentURL: url
            )
        }
    }

    /// Sends a message as the page would, from `frame`; returns the one reply.
    public func send(_ message: JSONValue?, from frame: Frame = .main) async -> BridgeReply {
        await connection.reply(to: .value(message), from: senderFacts(for: frame))
    }

    /// Sends a message as JSON text, through the size and depth limits.
    public func send(json: String, from frame: Frame = .main) async -> BridgeReply {
        await connection.reply(to: .json(json), from: senderFacts(for: frame))
    }

    /// The events the analytics sink recorded, once every `track` event accepted so far has
    /// reached it (the bridge hands them over from a queue, in batches).
    public func recordedEvents() async -> [AnalyticsEvent] {
        await bridge.flushAnalytics()
        return analytics.events
    }

    /// The `detail` of every native event and call delivered to the page (X3, X4), oldest first.
    public var deliveries: [JSONValue] {
        webView.deliveries.compactMap { delivery in
            if case .stringTransportReply = delivery { return nil }
            return delivery.detail
        }
    }

    /// Answers a native call as the web SDK would (X4).
    public func answerCall(
        _ id: String, value: JSONValue? = nil, error: String? = nil, unhandled: Bool = false
    ) async -> BridgeReply {
        let reply = NativeCallReply(id: id, value: value, error: error, unhandled: unhandled ? true : nil)
        return await send(try? JSONValueEncoder().encode(reply))
    }
}
