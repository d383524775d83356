import Foundation
import Testing
import TodayBridge
import TodayBridgeTesting

@Suite("Section 1: channel and envelope")
struct EnvelopeTests {
    @Test("C1 the channel's name defaults to todayWebViewBridge and is configurable")
    func c1ChannelName() {
        #expect(BridgeConfiguration(platform: .ios).channelName == "todayWebViewBridge")
        #expect(BridgeConfiguration(platform: .android, channelName: "myBridge").channelName == "myBridge")
    }

    @Test("C2 capability fields sit beside type; fields a capability does not define are ignored")
    func c2FlatEnvelope() async throws {
        let host = Fixtures.trustedHost()
        let reply = await host.send(["type": "establishSession", "refresh": false, "unrelated": ["deep": [1, 2]]])
        #expect(reply == .value(["ok": true]))
        #expect(host.webView.cookies.count == 1)
        try await host.finish()
    }

    static let notAnEnvelope: [JSONValue?] = [
        nil, .null, true, 0, 42.5, "track", [], ["track"], [:],
        ["type": .null], ["type": true], ["type": 1], ["type": []], ["type": [:]], ["type": ["track"]],
        ["type": ""], ["type": "noSuchCapability"], ["type": "TRACK"], ["type": "track "], ["type": "__today.nothing"],
        ["ename": "no_type"],
    ]

    @Test("C3 a missing, non-string or unknown type, or a non-object, resolves undefined", arguments: notAnEnvelope)
    func c3ResolvesUndefined(message: JSONValue?) async throws {
        let host = Fixtures.trustedHost()
        #expect(await host.send(message) == .undefined)
        #expect(await host.send(message, from: .subFrame(origin: "https://ads.example")) == .undefined)
        #expect(await host.recordedEvents().isEmpty)
        try await host.finish()
    }

    @Test(
        "C3 text that is not JSON resolves undefined",
        arguments: ["", "{", "undefined", "{'type':'track'}", "[1,]", "\u{0}"])
    func c3UndecodableText(text: String) async throws {
        let host = Fixtures.trustedHost()
        #expect(await host.send(json: text) == .undefined)
        try await host.finish()
    }

    @Test("C4 the promise resolves with the result itself, never a { data } wrapper")
    func c4ResultUnwrapped() async throws {
        let host = Fixtures.trustedHost()
        #expect(await host.send(["type": "refreshToken"]) == .value(["authorization": "Bearer token-1"]))
        #expect(await host.send(["type": "track", "ename": "x"]) == .undefined)
        try await host.finish()
    }

    @Test("C4 a rejection carries a string reason")
    func c4RejectionIsString() async throws {
        let host = Fixtures.trustedHost()
        host.tokens.failRefreshes()
        let reply = await host.send(["type": "refreshToken"])
        let error = try #require(reply.error)
        #expect(error.code == "failed")
        #expect(error.message == "token refresh failed")
        #expect(error.recoverable)
        try await host.finish()
    }

    @Test("C6 replies may arrive out of order")
    func c6OutOfOrder() async throws {
        let host = Fixtures.trustedHost()
        host.tokens.hold()
        async let slow = host.send(["type": "refreshToken"])
        #expect(await Fixtures.waitUntil { host.tokens.heldCount == 1 })
        let fast = await host.send(["type": "headers"])
        #expect(fast.value?["Authorization"] == "Bearer token-0")
        host.tokens.release()
        #expect(await slow == .value(["authorization": "Bearer token-1"]))
        try await host.finish()
    }

    @Test("C6 sending the same message twice is safe: two events, each with its own id")
    func c6SafeToResend() async throws {
        let host = Fixtures.trustedHost()
        let message: JSONValue = ["type": "track", "ename": "opened"]
        #expect(await host.send(message) == .undefined)
        #expect(await host.send(message) == .undefined)
        let ids = await host.recordedEvents().map(\.id)
        #expect(ids.count == 2)
        #expect(Set(ids).count == 2)
        try await host.finish()
    }

    @Test(
        "C7 the platform tag script is the built platform-tag.ts, called with the platform",
        arguments: Platform.allCases)
    func c7PlatformTag(platform: Platform) {
        let script = HostScript.platformTag.invocation(PlatformTagConfiguration(platform: platform))
        #expect(script == "(" + HostScript.platformTag.source + #")({"platform":"\#(platform.rawValue)"});"#)
    }

    @Test("C8 identity comes from the engine, never from the message body")
    func c8IdentityFromEngine() async throws {
        let host = Fixtures.trustedHost()
        let forged: JSONValue = [
            "type": "headers", "isMainFrame": true, "origin": "https://trusted.example.com",
            "frame": "main", "url": .string(Fixtures.trustedPage),
        ]
        #expect(await host.send(forged, from: .subFrame(origin: "https://evil.test")) == .undefined)
        let untrusted = BridgeTestHost(surfaces: [Fixtures.feedSurface()])
        untrusted.load("https://evil.test/app/home")
        #expect(await untrusted.send(forged) == .value([:]))
        try await host.finish()
    }
}
