import Foundation
import Testing
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting

/// The wall clock jumps (the user sets the time, a network time correction lands): deadlines run
/// on the monotonic clock and do not notice; timestamps follow the wall clock.
@Suite("C5 T1 the wall clock jumps")
struct ClockJumpTests {
    static let day = 86_400.0

    /// A host whose capability `hang` never answers and has a 5-second deadline, with the call in flight.
    static func hangingCall(on clock: ManualClock) async throws -> (BridgeTestHost, Task<BridgeReply, Never>) {
        let host = Fixtures.trustedHost(clock: clock, limits: BridgeLimits(defaultDeadline: 5))
        try host.bridge.register("hang", access: .anyFrame) { (_: Empty, _) in try await hangUntilCancelled() }
        let reply = Task { await host.send(["type": "hang"]) }
        #expect(await Fixtures.waitUntil { clock.wakeTimes == [5] })
        return (host, reply)
    }

    @Test("C5 a wall-clock jump forward by a day fires no deadline: the call times out when its 5 seconds have passed")
    func c5JumpForward() async throws {
        let clock = ManualClock()
        let (_, reply) = try await Self.hangingCall(on: clock)
        clock.jumpWallClock(bySeconds: Self.day)
        await clock.advance(bySeconds: 4.9)
        #expect(clock.wakeTimes == [5], "still waiting after 4.9 s, a day later by the wall clock")
        await clock.advance(bySeconds: 0.1)
        #expect(await reply.value.error?.code == "timeout")
    }

    @Test("C5 a wall-clock jump back by a day stalls no deadline: the call times out when its 5 seconds have passed")
    func c5JumpBack() async throws {
        let clock = ManualClock()
        let (_, reply) = try await Self.hangingCall(on: clock)
        await clock.advance(bySeconds: 2)
        clock.jumpWallClock(bySeconds: -Self.day)
        await clock.advance(bySeconds: 3)
        #expect(await reply.value.error?.code == "timeout")
        #expect(clock.sleeperCount == 0)
    }

    @Test("C5 X7 a deadline too far to represent is one that never comes: nothing traps, calls settle when answered")
    func c5UnrepresentableDeadlines() async throws {
        let start = BridgeInstant(nanoseconds: 5)
        #expect([0, -1, -.infinity, .nan].map { start.advanced(bySeconds: $0) } == Array(repeating: start, count: 4))
        #expect(
            [.infinity, 1e300, 1.9e10].map { start.advanced(bySeconds: $0) }
                == Array(repeating: BridgeInstant(nanoseconds: .max), count: 3))
        #expect(BridgeInstant(nanoseconds: .max - 10).advanced(bySeconds: 1) == BridgeInstant(nanoseconds: .max))
        #expect(start.advanced(bySeconds: 1.5) == BridgeInstant(nanoseconds: 1_500_000_005))

        let host = Fixtures.trustedHost(limits: BridgeLimits(defaultDeadline: .infinity))
        try host.bridge.register("echo", access: .anyFrame) { (message: JSONValue, _) in message }
        #expect(await host.send(["type": "echo", "n": 1]) == .value(["type": "echo", "n": 1]))
        async let answer = host.connection.call("ask", default: "fallback", deadline: .infinity)
        #expect(await Fixtures.waitUntil { host.deliveries.count == 1 })
        _ = await host.answerCall(host.deliveries[0]["id"]!.stringValue!, value: "answered")
        #expect(try await answer == "answered")
        try await host.finish()
    }

    @Test("T1 an event's timestamp is the wall clock's when it arrived, jumps included")
    func t1TimestampsFollowTheWallClock() async throws {
        let clock = ManualClock()
        let host = Fixtures.trustedHost(clock: clock)
        #expect(await host.send(["type": "track", "ename": "before"]) == .undefined)
        clock.jumpWallClock(bySeconds: -3_600)
        #expect(await host.send(["type": "track", "ename": "after"]) == .undefined)
        let stamps = await host.recordedEvents().map(\.timestamp)
        #expect(stamps == [ManualClock.wallClockStart, ManualClock.wallClockStart.addingTimeInterval(-3_600)])
        try await host.finish()
    }
}
