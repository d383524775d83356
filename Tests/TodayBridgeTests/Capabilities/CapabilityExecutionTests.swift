import Foundation
import Testing
@_spi(Adapters) @testable import TodayBridge
import TodayBridgeTesting

/// How each capability's calls run, chosen as it is registered (``RegisteredCapability``): `track`
/// at once, never in a task; `headers` at once when the host knows the token, else in a task; the
/// other built-ins and every app capability in a task, under the in-flight limit and a deadline.
/// Each test fails if a capability took the other way.
@Suite("T1 T2 T4 X1 C5 each capability's calls run the way chosen as it is registered")
struct CapabilityExecutionTests {
    // MARK: At once

    @Test(
        "T1 track is answered before receive returns, not refused, while the in-flight limit is taken: it starts no task"
    )
    func t1TrackAtOnceUnderFullLimit() async throws {
        let host = Fixtures.trustedHost(limits: BridgeLimits(maxCallsInFlight: 1))
        guard case .atOnce = try #require(host.bridge.capabilities.entry(named: "track")).execution else {
            Issue.record("track is registered to run in a task")
            return
        }
        let free = try await takeTheOnlySlot(host)
        #expect(receiveNow(["type": "track", "ename": "opened"], on: host) == .value(nil))
        await free()
        try await host.finish()
    }

    @Test("T2 headers with a token the host knows is answered at once; without one it is left to a task")
    func t2HeadersAnswersFirstOnlyWithAKnownToken() throws {
        let known = host(tokens: KnownToken())
        let context = self.context(on: known)
        let expected: JSONValue = ["Authorization": "Bearer pushed", "X-Client": "today-test"]
        #expect(answerFirst("headers", on: known, context: context) == .now(expected))

        let awaited = Fixtures.trustedHost()
        let awaitedContext = self.context(on: awaited)
        #expect(answerFirst("headers", on: awaited, context: awaitedContext) == .later)
    }

    // MARK: In a task

    @Test("T2 C5 headers whose token must be awaited runs as a task: refused busy past the in-flight limit")
    func t2HeadersInATaskCountsAgainstTheLimit() async throws {
        let host = Fixtures.trustedHost(limits: BridgeLimits(maxCallsInFlight: 1))
        let free = try await takeTheOnlySlot(host)
        let reply = receiveNow(["type": "headers"], on: host)
        #expect(reply?.error?.code == "busy")
        await free()
        try await host.finish()
    }

    @Test("T2 C5 headers whose token never comes is settled timeout at its deadline, and its task cancelled")
    func t2HeadersInATaskTimesOut() async throws {
        let clock = ManualClock()
        let tokens = HangingTokenProvider()
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(
                platform: .linux, surfaces: [Fixtures.feedSurface()], limits: BridgeLimits(defaultDeadline: 5)
            ),
            tokens: tokens,
            analytics: RecordingAnalyticsSink(),
            identity: AnalyticsIdentity(deviceID: "device-1"),
            clock: clock
        )
        let host = BridgeTestHost(bridge: bridge)
        host.load(Fixtures.trustedPage)
        async let reply = host.send(["type": "headers"])
        #expect(await Fixtures.waitUntil { clock.sleeperCount == 1 && tokens.waiting == 1 })
        await clock.advance(bySeconds: 5)
        let error = try #require(await reply.error)
        #expect(error.code == "timeout")
        #expect(await Fixtures.waitUntil { tokens.cancelled == 1 })
        try await host.finish()
    }

    @Test("T4 establishSession's failures answer { ok: false }; refreshToken's and headers' reject")
    func t4FailureRepliesChosenAtRegistration() throws {
        let host = Fixtures.trustedHost()
        let registered = try #require(host.bridge.capabilities.entry(named: "establishSession"))
        #expect(registered.failureReply(.timeout()) == .value(["ok": false]))
        #expect(registered.failureReply(.cancelled()) == .value(["ok": false]))
        for type in ["refreshToken", "headers"] {
            let other = try #require(host.bridge.capabilities.entry(named: type))
            #expect(other.failureReply(.timeout()) == .rejection(.timeout()))
        }
    }

    @Test("X1 an app's capability is never answered at once, and its failures reject", arguments: ["closure", "type"])
    func x1AppCapabilityRunsInATask(form: String) throws {
        let host = Fixtures.trustedHost()
        if form == "closure" {
            try host.bridge.register("wave", access: .anyFrame) { (_: Empty, _) in Empty() }
        } else {
            try host.bridge.register(Wave())
        }
        let registered = try #require(host.bridge.capabilities.entry(named: "wave"))
        let context = self.context(on: host)
        #expect(answerFirst("wave", on: host, context: context) == .later)
        #expect(registered.failureReply(.timeout()) == .rejection(.timeout()))
    }

    // MARK: Requests and results

    @Test(
        "X1 a built-in request is read as its type says: no fields from any message; fields decoded, a mismatch rejected as invalidRequest"
    )
    func x1BuiltInRequestsReadAsTheirTypeSays() throws {
        _ = try read(HeadersCapability.self, from: .string("no object at all"))
        #expect(try read(EstablishSessionCapability.self, from: ["refresh": true]).refresh == true)
        let mismatch = BridgeError(
            code: .invalidRequest, message: "the message does not match the fields of establishSession")
        #expect(throws: mismatch) {
            try read(EstablishSessionCapability.self, from: ["refresh": "yes"])
        }
    }

    @Test("X1 a result that is a JSON value or nothing (an Android host's answer) resolves that value, or undefined")
    func x1JSONValueAnswerResolvesItsAnswer() async throws {
        let host = Fixtures.trustedHost()
        try host.bridge.register("relay", access: .anyFrame) { (request: JSONValue, _) in
            RelayedAnswer(answer: request["value"])
        }
        #expect(await host.send(["type": "relay", "value": ["a": 1]]) == .value(["a": 1]))
        #expect(await host.send(["type": "relay"]) == .value(nil))
        #expect(await host.send(["type": "relay", "value": nil]) == .value(.null))
        try await host.finish()
    }

    // MARK: Helpers

    /// A host on the trusted page whose bridge asks `tokens` for the token.
    private func host(tokens: some TokenProvider) -> BridgeTestHost {
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: .linux, surfaces: [Fixtures.feedSurface()]),
            tokens: tokens,
            analytics: RecordingAnalyticsSink(),
            identity: AnalyticsIdentity(deviceID: "device-1")
        )
        let host = BridgeTestHost(bridge: bridge)
        host.load(Fixtures.trustedPage)
        return host
    }

    /// The context of a message from the host's main frame, as `receive` makes it.
    private func context(on host: BridgeTestHost) -> CapabilityContext {
        let sender = host.senderFacts()
        let document = host.connection.state.withLock { $0.arrival(from: sender.mainDocumentURL).document }
        let trust = host.bridge.policy.evaluate(sender)
        return CapabilityContext(sender: sender, document: document, trust: trust, connection: host.connection)
    }

    /// What the capability registered as `type` answers as a message arrives; `nil` when it runs at once.
    private func answerFirst(_ type: String, on host: BridgeTestHost, context: CapabilityContext) -> CapabilityAnswer? {
        guard case .task(let answerFirst, _) = host.bridge.capabilities.entry(named: type)?.execution else {
            return nil
        }
        return answerFirst(.value(["type": .string(type)]), context)
    }

    /// The request `Capability` reads from `message`, through its registration's requirement.
    private func read<Capability: BuiltInCapability>(
        _: Capability.Type,
        from message: JSONValue
    ) throws -> Capability.Request {
        try Capability.readRequest(from: message)
    }

    /// Starts a call that hangs until its deadline (30 seconds), taking the in-flight limit's only
    /// slot. Returns what frees it: lets the deadline pass and returns once the call is settled.
    private func takeTheOnlySlot(_ host: BridgeTestHost) async throws -> () async -> Void {
        try host.bridge.register("hang", access: .anyFrame) { (_: Empty, _) in try await hangUntilCancelled() }
        let settled = Locked<BridgeReply?>(nil)
        host.connection.receive(.value(["type": "hang"]), from: host.senderFacts()) { reply in
            settled.withLock { $0 = reply }
        }
        let clock = try #require(host.clock as? ManualClock)
        #expect(await Fixtures.waitUntil { clock.sleeperCount == 1 })
        return {
            await clock.advance(bySeconds: 30)
            #expect(await Fixtures.waitUntil { settled.withLock { $0 } != nil })
        }
    }

    /// The reply to `message` as it stands when `receive` returns: `nil` when it is left to a task.
    private func receiveNow(_ message: JSONValue, on host: BridgeTestHost) -> BridgeReply? {
        let reply = Locked<BridgeReply?>(nil)
        host.connection.receive(.value(message), from: host.senderFacts()) { answer in reply.withLock { $0 = answer } }
        return reply.withLock { $0 }
    }
}

/// An app's capability in type form, answering nothing of note.
private struct Wave: BridgeCapability {
    static let type = "wave"
    static let access = CapabilityAccess.anyFrame

    func handle(_: Empty, context _: CapabilityContext) async throws -> Empty { Empty() }
}

/// What the Android library's capabilities answer: a JSON value or nothing.
private struct RelayedAnswer: Codable, Sendable, JSONValueAnswer {
    var answer: JSONValue?
}

/// A provider that knows its token now and fails the test when it is awaited.
private struct KnownToken: ImmediateTokenProvider {
    var immediateToken: ImmediateToken? { .token(AccessToken("pushed")) }

    func currentToken() async -> AccessToken? {
        Issue.record("the provider was awaited: headers ran as a task")
        return nil
    }

    func refreshToken() async throws -> AccessToken { throw CancellationError() }
}

/// A provider whose token never comes: `currentToken()` waits until its task is cancelled.
private final class HangingTokenProvider: TokenProvider {
    private let counts = Locked((waiting: 0, cancelled: 0))
    var waiting: Int { counts.withLock { $0.waiting } }
    var cancelled: Int { counts.withLock { $0.cancelled } }

    func currentToken() async -> AccessToken? {
        counts.withLock { $0.waiting += 1 }
        do {
            try await Task.sleep(nanoseconds: 3_600 * 1_000_000_000)
        } catch {
            counts.withLock { $0.cancelled += 1 }
        }
        return nil
    }

    func refreshToken() async throws -> AccessToken { throw CancellationError() }
}
