import Foundation
import Testing
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting

@Suite("D1, D2: discovery and protocol versions")
struct DiscoveryTests {
    struct Purchase: Decodable, Sendable { var sku: String }
    struct Receipt: Codable, Sendable { var id: String }
    struct Nothing: Decodable, Sendable {}

    /// The trusted host with one capability at each access level of the app's own.
    static func host(identity: HostIdentity = .todayBridge) throws -> BridgeTestHost {
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: .linux, surfaces: [Fixtures.feedSurface()], host: identity),
            tokens: TestTokenProvider(token: "token-0"),
            analytics: RecordingAnalyticsSink(),
            identity: AnalyticsIdentity(deviceID: "d", sessionID: "s")
        )
        try bridge.register("share", access: .anyFrame) { (_: Nothing, _) in NoResult() }
        try bridge.register("device.info", access: .mainFrame) { (_: Nothing, _) in NoResult() }
        try bridge.register("purchase", access: .trustedSurface) { (request: Purchase, _) in Receipt(id: request.sku) }
        let host = BridgeTestHost(bridge: bridge)
        host.load(Fixtures.trustedPage)
        return host
    }

    static let hello: JSONValue = ["type": "__today.hello", "protocol": 2]

    @Test("D1 the main frame of a trusted surface is told every capability, allowed, with the app's name and version")
    func d1TrustedMainFrame() async throws {
        let host = try Self.host(identity: HostIdentity(name: "Today", version: "7.3.1"))
        let reply = await host.send(Self.hello)
        #expect(
            reply
                == .value([
                    "protocol": 2,
                    "host": ["name": "Today", "version": "7.3.1"],
                    "capabilities": [
                        "track": "allowed", "headers": "allowed", "refreshToken": "allowed",
                        "establishSession": "allowed",
                        "share": "allowed", "device.info": "allowed", "purchase": "allowed",
                    ],
                ]))
        try await host.finish()
    }

    @Test(
        "D1 a main frame off a trusted surface is told the credential capabilities are denied, and a call resolves undefined"
    )
    func d1UntrustedMainFrame() async throws {
        let host = try Self.host()
        for page in [Fixtures.httpPage, "https://elsewhere.example/app"] {
            host.load(page)
            let offers = await host.send(Self.hello).value?["capabilities"]
            #expect(
                offers == [
                    "track": "allowed", "headers": "allowed", "refreshToken": "denied", "establishSession": "denied",
                    "share": "allowed", "device.info": "allowed", "purchase": "denied",
                ], "\(page)")
            #expect(await host.send(["type": "purchase", "sku": "plus"]) == .undefined)
        }
        try await host.finish()
    }

    @Test(
        "D1 a sub-frame, identified or not, is told only what every frame may call: no credential capability is named")
    func d1SubFrame() async throws {
        let host = try Self.host()
        for frame in [
            BridgeTestHost.Frame.subFrame(origin: "https://trusted.example.com"),
            .subFrame(origin: "https://ads.example"),
        ] {
            let reply = await host.send(Self.hello, from: frame)
            #expect(reply.value?["capabilities"] == ["track": "allowed", "share": "allowed"])
            #expect(reply.value?["host"] == ["name": "TodayBridge", "version": .string(TodayBridge.version)])
        }
        let unidentified = await host.bridge.connect(host.webView).reply(
            to: .value(Self.hello), from: .unidentifiedFrame(mainDocumentURL: URL(string: Fixtures.trustedPage))
        )
        #expect(unidentified.value?["capabilities"] == ["track": "allowed", "share": "allowed"])
        try await host.finish()
    }

    @Test("D1 the answer follows what is registered when asked")
    func d1FollowsRegistrations() async throws {
        let host = try Self.host()
        try host.bridge.register("late", access: .anyFrame) { (_: Nothing, _) in NoResult() }
        #expect(await host.send(Self.hello).value?["capabilities"]?["late"] == "allowed")
        try await host.finish()
    }

    @Test("D2 the host answers the older of the two protocols; a page naming none, or a nonsense one, gets the host's")
    func d2Negotiation() async throws {
        let host = try Self.host()
        let cases: [(JSONValue?, JSONValue)] = [(1, 1), (2, 2), (3, 3), (4, 3), (1_000, 3), (nil, 3), (0, 3), (-4, 3)]
        for (page, agreed) in cases {
            var hello: [String: JSONValue] = ["type": "__today.hello"]
            hello["protocol"] = page
            #expect(await host.send(.object(hello)).value?["protocol"] == agreed, "page \(String(describing: page))")
        }
        try await host.finish()
    }

    @Test("D2 C3 a hello the host cannot read resolves undefined, like any message it cannot dispatch")
    func d2Malformed() async throws {
        let host = try Self.host()
        for hello: JSONValue in [
            ["type": "__today.hello", "protocol": "2"], ["type": "__today.hello", "protocol": 2.5],
            ["type": "__today.hello", "protocol": [2]],
        ] {
            #expect(await host.send(hello) == .undefined)
        }
        try await host.finish()
    }

    @Test("D1 D2 the hello is read and answered without the coders exactly as the coders would")
    func d1HelloWithoutCoders() throws {
        let messages: [JSONValue] = [
            ["type": "__today.hello"], ["type": "__today.hello", "protocol": 2],
            ["type": "__today.hello", "protocol": .null],
            ["type": "__today.hello", "protocol": 2.0], ["type": "__today.hello", "protocol": -0.0],
            ["type": "__today.hello", "protocol": 1e300],
            ["type": "__today.hello", "protocol": 2.5], ["type": "__today.hello", "protocol": "2"],
            ["type": "__today.hello", "protocol": [2]],
            ["type": "__today.hello", "protocol": false], ["type": "other", "protocol": 2], ["protocol": 2],
        ]
        for message in messages {
            let decoded = try? JSONValueDecoder().decode(HelloMessage.self, from: message)
            let read = HelloMessage(json: message)
            #expect(read?.protocol == decoded?.protocol && (read == nil) == (decoded == nil), "\(message)")
        }
        for wire: JSONValue in [
            [
                "protocol": 2, "host": ["name": "Today \"app\"", "version": "7.3"],
                "capabilities": ["headers": "allowed", "share": "denied"],
            ],
            ["protocol": 1, "host": ["name": "TodayBridge", "version": "1"], "capabilities": [:]],
        ] {
            let reply = try JSONValueDecoder().decode(HelloReply.self, from: wire)
            #expect(try reply.jsonValue == JSONValueEncoder().encode(reply))
            #expect(reply.jsonValue == wire)
        }
    }

    @Test("D2 a page older than discovery never asks, and everything of protocol 1 works as before")
    func d2OldPage() async throws {
        let host = try Self.host()
        #expect(
            await host.send(["type": "headers"])
                == .value(["Authorization": "Bearer token-0", "X-Client": "today-test"]))
        #expect(await host.send(["type": "purchase", "sku": "plus"]) == .value(["id": "plus"]))
        try await host.finish()
    }
}
