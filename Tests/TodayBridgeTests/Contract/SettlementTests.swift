import Foundation
import Testing
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting

struct Empty: Codable, Sendable {}

struct NativeFailure: Error, CustomStringConvertible {
    var description: String { "secret native detail: Bearer token-0" }
}

/// A capability that never finishes unless cancelled.
func hangUntilCancelled() async throws -> Empty {
    try await Task.sleep(nanoseconds: 3_600 * 1_000_000_000)
    return Empty()
}

@Suite("C5 every postMessage settles exactly once")
struct SettlementTests {
    @Test("C5 a handler that throws settles once, with a generic reason and no native text")
    func c5HandlerThrows() async throws {
        let host = Fixtures.trustedHost()
        try host.bridge.register("explode", access: .anyFrame) { (_: Empty, _) -> Empty in throw NativeFailure() }
        let diagnostics = host.bridge.diagnostics()
        var reply = BridgeReply.undefined
        let seen = await Fixtures.collect(diagnostics) { reply = await host.send(["type": "explode"]) }
        let error = try #require(reply.error)
        #expect(error.code == "failed")
        #expect(!error.message.contains("secret"))
        #expect(seen.map(\.code) == [.capabilityFailed])
        #expect(!seen[0].message.contains("secret"))
        try await host.finish()
    }

    @Test("C5 a handler that never finishes is settled by its deadline, and its task is cancelled")
    func c5DeadlineSettlesHangingHandler() async throws {
        let clock = ManualClock()
        let host = Fixtures.trustedHost(clock: clock, limits: BridgeLimits(defaultDeadline: 5))
        try host.bridge.register("hang", access: .anyFrame) { (_: Empty, _) in try await hangUntilCancelled() }
        async let reply = host.send(["type": "hang"])
        #expect(await Fixtures.waitUntil { clock.sleeperCount == 1 })
        await clock.advance(bySeconds: 4.9)
        #expect(clock.sleeperCount == 1)
        await clock.advance(bySeconds: 0.2)
        let error = try #require(await reply.error)
        #expect(error.code == "timeout")
        #expect(error.recoverable)
        try await host.finish()
    }

    @Test(
        "C5 a capability's own deadline wins over the default; track times out to undefined, establishSession to ok:false"
    )
    func c5PerCapabilityDeadline() async throws {
        let clock = ManualClock()
        let host = Fixtures.trustedHost(clock: clock)
        try host.bridge.register("quick", access: .anyFrame, deadline: 1) { (_: Empty, _) in
            try await hangUntilCancelled()
        }
        host.tokens.hold()
        async let quick = host.send(["type": "quick"])
        async let session = host.send(["type": "establishSession", "refresh": true])
        #expect(await Fixtures.waitUntil { clock.wakeTimes == [1] && host.tokens.heldCount == 1 })
        await clock.advance(bySeconds: 1)
        #expect(await quick.error?.code == "timeout")
        await clock.advance(bySeconds: 30)
        #expect(await session == .value(["ok": false]))
        host.tokens.release()
        #expect(host.webView.cookies.isEmpty)
        try await host.finish()
    }

    @Test("C5 a handler answering after its deadline is dropped and reported")
    func c5LateAnswerDropped() async throws {
        let clock = ManualClock()
        let host = Fixtures.trustedHost(clock: clock, limits: BridgeLimits(defaultDeadline: 1))
        let gate = TestTokenProvider()
        gate.hold()
        try host.bridge.register("stubborn", access: .anyFrame) { (_: Empty, _) -> Empty in
            _ = try? await gate.refreshToken()  // ignores cancellation, answers late
            return Empty()
        }
        let diagnostics = host.bridge.diagnostics()
        let seen = await Fixtures.collect(diagnostics) {
            async let reply = host.send(["type": "stubborn"])
            _ = await Fixtures.waitUntil { clock.sleeperCount == 1 && gate.heldCount == 1 }
            await clock.advance(bySeconds: 1)
            #expect(await reply.error?.code == "timeout")
            gate.release()
            await Fixtures.settle()
        }
        #expect(seen.map(\.code) == [.lateReply])
        try await host.finish()
    }

    @Test("C5 the page going away settles every pending call; nothing is left pending")
    func c5PageGoesAway() async throws {
        let host = Fixtures.trustedHost()
        try host.bridge.register("hang", access: .anyFrame) { (_: Empty, _) in try await hangUntilCancelled() }
        async let first = host.send(["type": "hang"])
        async let second = host.send(["type": "hang"])
        #expect(await Fixtures.waitUntil { host.connection.pendingCallCount == 2 })
        host.load("https://trusted.example.com/app/next")
        #expect(await first.error?.code == "cancelled")
        #expect(await second.error?.code == "cancelled")
        #expect(host.connection.pendingCallCount == 0)
        try await host.finish()
    }

    @Test("C5 closing the web view settles every pending call and later messages at once")
    func c5WebViewClosed() async throws {
        let host = Fixtures.trustedHost()
        try host.bridge.register("hang", access: .anyFrame) { (_: Empty, _) in try await hangUntilCancelled() }
        async let pending = host.send(["type": "hang"])
        #expect(await Fixtures.waitUntil { host.connection.pendingCallCount == 1 })
        host.connection.close()
        #expect(await pending.error?.code == "cancelled")
        #expect(await host.send(["type": "hang"]).error?.code == "cancelled")
        #expect(await host.send(["type": "track", "ename": "late"]) == .undefined)
        #expect(host.connection.pendingCallCount == 0)
        try await host.finish()
    }

    @Test("C5 a page answering a native call twice: the second answer is dropped and reported")
    func c5DuplicateReplyDropped() async throws {
        let host = Fixtures.trustedHost()
        _ = await host.send(["type": "__today.subscribe", "event": "unused"])
        let diagnostics = host.bridge.diagnostics()
        let seen = await Fixtures.collect(diagnostics) {
            async let answer = host.connection.call("confirm")
            _ = await Fixtures.waitUntil { host.deliveries.contains { $0["kind"] == "call" } }
            let id = host.deliveries.first { $0["kind"] == "call" }?["id"]?.stringValue ?? ""
            _ = await host.answerCall(id, value: "first")
            _ = await host.answerCall(id, value: "second")
            let first = try? await answer
            #expect(first == "first")
        }
        #expect(seen.map(\.code) == [.duplicateReply])
        try await host.finish()
    }
}
