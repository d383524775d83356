import Foundation
import Testing
import TodayBridge
import TodayBridgeTesting

struct Greeting: Codable, Sendable, Equatable {
    var text: String
    var times: Int?
}

struct Greet: BridgeCapability {
    typealias Request = Greeting
    typealias Result = Greeting
    static let type = "greet"
    static let access = CapabilityAccess.anyFrame

    func handle(_ request: Greeting, context: CapabilityContext) async throws -> Greeting {
        Greeting(text: String(repeating: "hello \(request.text) ", count: request.times ?? 1), times: nil)
    }
}

@Suite("Section 4: beyond the four")
struct CustomCapabilityTests {
    @Test("X1 a capability in type form: typed request, typed result")
    func x1TypeForm() async throws {
        let host = Fixtures.trustedHost()
        try host.bridge.register(Greet())
        #expect(
            await host.send(["type": "greet", "text": "ada", "times": 2]) == .value(["text": "hello ada hello ada "]))
        #expect(
            await host.send(["type": "greet", "text": "ada"], from: .subFrame(origin: "https://ads.example"))
                == .value(["text": "hello ada "]))
        try await host.finish()
    }

    @Test("X1 a capability in closure form; a request that does not decode rejects as invalidRequest")
    func x1ClosureForm() async throws {
        let host = Fixtures.trustedHost()
        try host.bridge.register("echoText", access: .mainFrame) { (request: Greeting, _) in request.text }
        #expect(await host.send(["type": "echoText", "text": "hi"]) == .value("hi"))
        #expect(await host.send(["type": "echoText", "text": 5]).error?.code == "invalidRequest")
        try await host.finish()
    }

    @Test("X1 declared access levels are enforced", arguments: CapabilityAccess.allCases)
    func x1AccessLevels(access: CapabilityAccess) async throws {
        let host = BridgeTestHost(surfaces: [Fixtures.feedSurface()])
        try host.bridge.register("probe", access: access) { (_: Empty, _) in true }
        host.load(Fixtures.httpPage)
        let main = await host.send(["type": "probe"])
        let sub = await host.send(["type": "probe"], from: .subFrame(origin: "https://ads.example"))
        host.load(Fixtures.trustedPage)
        let trusted = await host.send(["type": "probe"])
        #expect(sub == (access == .anyFrame ? .value(true) : .undefined))
        #expect(main == (access == .trustedSurface ? .undefined : .value(true)))
        #expect(trusted == .value(true))
        try await host.finish()
    }

    @Test(
        "X1 reserved, empty, built-in and duplicate types are refused",
        arguments: ["", "__today.subscribe", "__mine", "track", "greet"])
    func x1RegistrationRefused(type: String) async throws {
        let host = BridgeTestHost()
        try host.bridge.register(Greet())
        #expect(throws: BridgeConfigurationError.self) {
            try host.bridge.register(type, access: .anyFrame) { (_: Empty, _) in true }
        }
        try await host.finish()
    }

    @Test("X1 a long-running capability simply awaits, within its own deadline")
    func x1LongRunning() async throws {
        let clock = ManualClock()
        let host = Fixtures.trustedHost(clock: clock, limits: BridgeLimits(defaultDeadline: 1))
        let sheet = TestTokenProvider()
        sheet.hold()
        try host.bridge.register("purchase", access: .trustedSurface, deadline: 600) { (_: Empty, _) in
            try await sheet.refreshToken().value
        }
        async let reply = host.send(["type": "purchase"])
        #expect(await Fixtures.waitUntil { sheet.heldCount == 1 && clock.sleeperCount == 1 })
        await clock.advance(bySeconds: 300)
        sheet.release()
        #expect(await reply == .value("token-1"))
        try await host.finish()
    }

    @Test("X2 structured errors: code, message and recoverable cross the bridge; named statuses exist")
    func x2StructuredErrors() async throws {
        let host = Fixtures.trustedHost()
        try host.bridge.register("camera", access: .anyFrame) { (request: Greeting, _) -> Empty in
            switch request.text {
            case "denied": throw BridgeError(code: "cameraDenied", message: "Camera access is off", recoverable: true)
            case "cancel": throw BridgeError.cancelled("closed")
            case "unsupported": throw BridgeError.unsupported()
            default: throw BridgeError.timeout()
            }
        }
        let denied = try #require(await host.send(["type": "camera", "text": "denied"]).error)
        #expect(denied.code == "cameraDenied" && denied.message == "Camera access is off" && denied.recoverable)
        #expect(await host.send(["type": "camera", "text": "cancel"]).error?.code == "cancelled")
        #expect(await host.send(["type": "camera", "text": "unsupported"]).error?.code == "unsupported")
        #expect(await host.send(["type": "camera", "text": "other"]).error?.code == "timeout")
        #expect(
            BridgeError.Code.builtIn.map(\.rawValue) == [
                "busy", "cancelled", "failed", "invalidRequest", "timeout", "unsupported",
            ])
        try await host.finish()
    }
}
