import Foundation
import Testing
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting

@Suite("Section 2: frames and trusted surfaces")
struct TrustTests {
    static let subFrames: [BridgeTestHost.Frame] = [
        .subFrame(origin: "https://ads.example"),
        .subFrame(origin: "https://trusted.example.com", url: "https://trusted.example.com/app/embed"),
        .subFrame(origin: "null"),
    ]

    @Test(
        "S1 a sub-frame gets undefined from every credential-bearing capability; nothing is minted or refreshed",
        arguments: subFrames)
    func s1SubFramesGetNoCredential(frame: BridgeTestHost.Frame) async throws {
        let host = Fixtures.trustedHost()
        #expect(await host.send(["type": "headers"], from: frame) == .undefined)
        #expect(await host.send(["type": "refreshToken"], from: frame) == .undefined)
        #expect(await host.send(["type": "establishSession", "refresh": true], from: frame) == .undefined)
        #expect(host.webView.cookies.isEmpty)
        #expect(host.tokens.refreshCount == 0)
        try await host.finish()
    }

    @Test("S1 track is served to every frame, with the frame reported in ctx")
    func s1TrackFromSubFrame() async throws {
        let host = Fixtures.trustedHost()
        #expect(
            await host.send(
                ["type": "track", "ename": "ad_seen"],
                from: .subFrame(origin: "https://ads.example", url: "https://ads.example/slot?user=secret"))
                == .undefined)
        let event = await host.recordedEvents().first
        #expect(event?.name == "ad_seen")
        #expect(event?.properties["ctx"] == ["surface": "feed", "page": "https://ads.example/slot", "frame": "sub"])
        try await host.finish()
    }

    @Test(
        "S2 invalid origin rules are refused at configuration time with a clear error",
        arguments: ["", "trusted.example.com", "https://", "https://example.com/path", "https://a.*.example.com"])
    func s2InvalidRulesRefused(rule: String) {
        #expect(throws: BridgeConfigurationError.self) {
            try TrustedSurface(name: "feed", origins: [rule])
        }
    }

    @Test("S2 a surface needs a name, origins, and path prefixes starting with a slash")
    func s2SurfaceShape() {
        #expect(throws: BridgeConfigurationError.self) { try TrustedSurface(name: "", origins: ["https://a.example"]) }
        #expect(throws: BridgeConfigurationError.self) { try TrustedSurface(name: "feed", origins: []) }
        #expect(throws: BridgeConfigurationError.self) {
            try TrustedSurface(name: "feed", origins: ["https://a.example"], pathPrefixes: ["app"])
        }
    }

    @Test(
        "S2 path prefixes match on segment boundaries",
        arguments: [
            ("https://trusted.example.com/app", true), ("https://trusted.example.com/app/", true),
            ("https://trusted.example.com/app/x?y=1", true), ("https://trusted.example.com/apple", false),
            ("https://trusted.example.com/", false), ("https://trusted.example.com/other/app", false),
        ])
    func s2PathPrefixes(url: String, onSurface: Bool) async {
        let host = BridgeTestHost(surfaces: [Fixtures.feedSurface()])
        host.load(url)
        let headers = await host.send(["type": "headers"])
        #expect((headers.value?["Authorization"] != nil) == onSurface)
        #expect((headers.value?["X-Client"] != nil) == onSurface)
    }

    static let lookAlikes = [
        "https://trusted.example.com.evil.test/app/home",
        "https://evil.test/trusted.example.com/app/home",
        "https://trusted.example.com@evil.test/app/home",
        "https://evil.test/app/home?trusted.example.com",
        "https://evil.test/app/home#https://trusted.example.com",
        "https://trusted-example.com/app/home",
        "https://xtrusted.example.com/app/home",
        "https://sub.trusted.example.com/app/home",
        "https://trusted.example.com./app/home",
        "https://trusted.example.com:8443/app/home",
        "https://TRUSTED.EXAMPLE.COM.evil.test/app/home",
        "http://trusted.example.com/app/home",
        "wss://trusted.example.com/app/home",
        "file:///app/home",
        "about:blank",
        "data:text/html,<p>hi</p>",
    ]

    @Test("S3 look-alike, cleartext and opaque pages get no credential", arguments: lookAlikes)
    func s3LookAlikesGetNoCredential(url: String) async throws {
        let host = BridgeTestHost(surfaces: [Fixtures.feedSurface()])
        host.load(url)
        let headers = await host.send(["type": "headers"])
        #expect(headers.value?["Authorization"] == nil)
        #expect(await host.send(["type": "refreshToken"]) == .undefined)
        #expect(await host.send(["type": "establishSession"]) == .undefined)
        #expect(host.webView.cookies.isEmpty)
        #expect(host.tokens.refreshCount == 0)
        try await host.finish()
    }

    @Test("S3 the trusted origin in upper case is the same origin and is served")
    func s3CaseIsCanonical() async throws {
        let host = BridgeTestHost(surfaces: [Fixtures.feedSurface()])
        host.load("HTTPS://TRUSTED.EXAMPLE.COM/app/home")
        #expect(await host.send(["type": "headers"]).value?["Authorization"] == "Bearer token-0")
        try await host.finish()
    }

    @Test("S3 cleartext http on a surface gets the extra headers but no Authorization")
    func s3HttpGetsExtraHeadersOnly() async throws {
        let host = BridgeTestHost(surfaces: [Fixtures.feedSurface()])
        host.load(Fixtures.httpPage)
        #expect(await host.send(["type": "headers"]) == .value(["X-Client": "today-test"]))
        try await host.finish()
    }

    @Test("S3 a logged-out session gets no Authorization")
    func s3LoggedOut() async throws {
        let host = Fixtures.trustedHost(token: nil)
        #expect(await host.send(["type": "headers"]) == .value(["X-Client": "today-test"]))
        #expect(await host.send(["type": "establishSession"]) == .value(["ok": false]))
        #expect(host.webView.cookies.isEmpty)
        try await host.finish()
    }

    @Test("S3 a main frame whose engine origin disagrees with the committed URL gets no credential")
    func s3OriginMustAgree() async throws {
        let host = Fixtures.trustedHost()
        var facts = host.senderFacts()
        facts.frameOrigin = SecurityOrigin(string: "https://evil.test")
        #expect(
            await host.connection.reply(to: .value(["type": "headers"]), from: facts)
                == .value(["X-Client": "today-test"]))
        try await host.finish()
    }

    @Test("S3 a main frame with an opaque or unknown origin (about:blank, sandboxed) gets no credential")
    func s3OpaqueOrigin() async throws {
        let host = Fixtures.trustedHost()
        var facts = host.senderFacts()
        facts.frameOrigin = nil
        #expect(
            await host.connection.reply(to: .value(["type": "headers"]), from: facts)
                == .value(["X-Client": "today-test"]))
        #expect(await host.connection.reply(to: .value(["type": "refreshToken"]), from: facts) == .undefined)
        #expect(host.tokens.refreshCount == 0)
        try await host.finish()
    }

    @Test("S4 a navigation during a refresh: the old document gets no credential and no cookie is minted")
    func s4NavigationDuringRefresh() async throws {
        let host = Fixtures.trustedHost()
        host.tokens.hold()
        async let refresh = host.send(["type": "refreshToken"])
        async let session = host.send(["type": "establishSession", "refresh": true])
        #expect(
            await Fixtures.waitUntil {
                host.tokens.heldCount == 1 && host.tokens.refreshCount == 0 && host.connection.pendingCallCount == 2
            })
        host.load("https://trusted.example.com/app/other")
        host.tokens.release()
        let refreshed = await refresh
        #expect(refreshed.error?.code == "cancelled")
        #expect(await session == .value(["ok": false]))
        #expect(host.webView.cookies.isEmpty)
        if case .rejection(let reason) = refreshed { #expect(!reason.contains("token-")) }
        try await host.finish()
    }

    @Test("S4 C5 a web view closed during a refresh: its held establishSession mints no cookie once the refresh ends")
    func s4CloseDuringRefresh() async throws {
        let host = Fixtures.trustedHost()
        host.tokens.hold()
        async let session = host.send(["type": "establishSession", "refresh": true])
        #expect(await Fixtures.waitUntil { host.tokens.heldCount == 1 && host.connection.pendingCallCount == 1 })
        host.connection.close()
        #expect(await session == .value(["ok": false]))
        host.tokens.release()
        #expect(await Fixtures.waitUntil { host.tokens.refreshCount == 1 })
        await Fixtures.settle()
        #expect(host.webView.cookies.isEmpty)
        try await host.finish()
    }
}
