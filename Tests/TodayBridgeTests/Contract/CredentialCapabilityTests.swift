import Foundation
import Testing
@_spi(Tools) import TodayBridge
import TodayBridgeTesting

@Suite("T2-T4 credential-bearing capabilities")
struct CredentialCapabilityTests {
    @Test("T2 headers: Authorization and the surface's extra headers on a trusted HTTPS main frame")
    func t2Headers() async throws {
        let host = Fixtures.trustedHost()
        #expect(
            await host.send(["type": "headers"])
                == .value(["Authorization": "Bearer token-0", "X-Client": "today-test"]))
        try await host.finish()
    }

    @Test("T2 headers: {} off any surface")
    func t2HeadersOffSurface() async throws {
        let host = BridgeTestHost(surfaces: [Fixtures.feedSurface()])
        host.load("https://elsewhere.example/")
        #expect(await host.send(["type": "headers"]) == .value([:]))
        try await host.finish()
    }

    @Test("T3 refreshToken resolves the ready-to-use header value, never the raw token")
    func t3AuthorizationOnly() async throws {
        let host = Fixtures.trustedHost()
        let reply = await host.send(["type": "refreshToken"])
        #expect(reply == .value(["authorization": "Bearer token-1"]))
        #expect(host.tokens.refreshCount == 1)
        try await host.finish()
    }

    @Test("T3 1,000 concurrent page refreshes and 1,000 native 401 refreshes cause one upstream refresh")
    func t3Coalescing() async throws {
        let host = Fixtures.trustedHost()
        host.tokens.hold()
        let replies = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<1000 {
                group.addTask { await host.send(["type": "refreshToken"]).value?["authorization"]?.stringValue }
                group.addTask { try? await host.bridge.tokens.refresh().authorization }
            }
            _ = await Fixtures.waitUntil({ host.bridge.tokens.waiterCount == 2000 }, rounds: 200_000)
            host.tokens.release()
            var all: [String?] = []
            for await reply in group { all.append(reply) }
            return all
        }
        #expect(host.tokens.refreshCount == 1)
        #expect(replies.count == 2000)
        #expect(Set(replies) == ["Bearer token-1"])
        try await host.finish()
    }

    @Test("T3 a failed refresh rejects with a string reason and is reported without native text")
    func t3FailedRefresh() async throws {
        let host = Fixtures.trustedHost()
        host.tokens.failRefreshes()
        let diagnostics = host.bridge.diagnostics()
        var reply = BridgeReply.undefined
        let seen = await Fixtures.collect(diagnostics) { reply = await host.send(["type": "refreshToken"]) }
        #expect(reply.error?.code == "failed")
        #expect(seen.map(\.code) == [.refreshFailed])
        try await host.finish()
    }

    @Test(
        "T4 establishSession mints embed_bearer: HttpOnly, Secure, Path=/api/, the page's host; never returns the bearer"
    )
    func t4MintsCookie() async throws {
        let host = Fixtures.trustedHost()
        let reply = await host.send(["type": "establishSession"])
        #expect(reply == .value(["ok": true]))
        let cookie = try #require(host.webView.cookies.first)
        #expect(
            cookie
                == BridgeCookie(
                    name: "embed_bearer", value: "token-0", domain: "trusted.example.com", path: "/api/",
                    isSecure: true, isHTTPOnly: true))
        #expect(!cookie.description.contains("token-0"))
        try await host.finish()
    }

    @Test("T4 refresh: true refreshes (coalesced) before minting")
    func t4RefreshFirst() async throws {
        let host = Fixtures.trustedHost()
        #expect(await host.send(["type": "establishSession", "refresh": true]) == .value(["ok": true]))
        #expect(host.tokens.refreshCount == 1)
        #expect(host.webView.cookies.map(\.value) == ["token-1"])
        try await host.finish()
    }

    @Test("T4 any failure resolves { ok: false } and never rejects")
    func t4FailuresResolveOkFalse() async throws {
        let failingCookies = Fixtures.trustedHost(webView: RecordingWebView(failingCookies: NativeFailure()))
        #expect(await failingCookies.send(["type": "establishSession"]) == .value(["ok": false]))
        let failingRefresh = Fixtures.trustedHost()
        failingRefresh.tokens.failRefreshes()
        #expect(await failingRefresh.send(["type": "establishSession", "refresh": true]) == .value(["ok": false]))
        #expect(await failingRefresh.send(["type": "establishSession", "refresh": "yes"]) == .value(["ok": false]))
    }
}
