import Foundation
import Testing
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting

@Suite("X3, X4: native to web")
struct EventsAndCallsTests {
    @Test("X3 events emitted before the page subscribed are kept and delivered on subscription, then live")
    func x3BacklogThenLive() async throws {
        let host = Fixtures.trustedHost()
        await host.connection.emit("cart.changed", data: ["count": 1])
        await host.connection.emit("cart.changed", data: ["count": 2])
        await host.connection.emit("other", data: "x")
        #expect(host.deliveries.isEmpty)
        #expect(
            await host.send(["type": "__today.subscribe", "event": "cart.changed"])
                == .value([["count": 1], ["count": 2]]))
        #expect(
            await host.send(["type": "__today.subscribe", "event": .string(NativeEvent<NoResult>.ready.name)])
                == .value([.null]))
        await host.connection.emit("cart.changed", data: ["count": 3])
        #expect(host.deliveries == [["kind": "event", "name": "cart.changed", "data": ["count": 3]]])
        #expect(await host.send(["type": "__today.subscribe", "event": "other"]) == .value(["x"]))
        try await host.finish()
    }

    @Test("X3 the backlog is bounded: the oldest event is dropped and reported")
    func x3BacklogBounded() async throws {
        let host = Fixtures.trustedHost(limits: BridgeLimits(maxBufferedEvents: 3))
        let diagnostics = host.bridge.diagnostics()
        let seen = await Fixtures.collect(diagnostics) {
            for index in 1...3 { await host.connection.emit("tick", data: .number(Double(index))) }
        }
        #expect(seen.map(\.code) == [.eventDropped])  // host.ready was the oldest
        #expect(await host.send(["type": "__today.subscribe", "event": "tick"]) == .value([1, 2, 3]))
        try await host.finish()
    }

    @Test("X3 sub-frames cannot subscribe; a new document starts with a fresh backlog and host.ready")
    func x3SubFramesAndNavigation() async throws {
        let host = Fixtures.trustedHost()
        await host.connection.emit("secret.event", data: "x")
        #expect(
            await host.send(
                ["type": "__today.subscribe", "event": "secret.event"], from: .subFrame(origin: "https://ads.example"))
                == .undefined)
        host.load(Fixtures.trustedPage)
        #expect(await host.send(["type": "__today.subscribe", "event": "secret.event"]) == .value([]))
        #expect(
            await host.send(["type": "__today.subscribe", "event": .string(NativeEvent<NoResult>.ready.name)])
                == .value([.null]))
        try await host.finish()
    }

    @Test("X4 a native call resolves with the page handler's value, or the default when no handler exists")
    func x4CallWithReply() async throws {
        let host = Fixtures.trustedHost()
        async let answered = host.connection.call("confirmLeave", arguments: ["draft": true], default: false)
        #expect(await Fixtures.waitUntil { host.deliveries.count == 1 })
        let call = host.deliveries[0]
        #expect(call["kind"] == "call" && call["name"] == "confirmLeave" && call["args"] == ["draft": true])
        #expect(await host.answerCall(call["id"]!.stringValue!, value: true) == .undefined)
        #expect(try await answered == true)

        async let unhandled = host.connection.call("nobodyHome", default: "fallback")
        #expect(await Fixtures.waitUntil { host.deliveries.count == 2 })
        _ = await host.answerCall(host.deliveries[1]["id"]!.stringValue!, unhandled: true)
        #expect(try await unhandled == "fallback")
        try await host.finish()
    }

    @Test("X4 a failing page handler rejects; no reply before the deadline times out; typed calls decode")
    func x4FailuresAndDeadline() async throws {
        let clock = ManualClock()
        let host = Fixtures.trustedHost(clock: clock)
        let failing = Task { try await host.connection.call("broken") }
        #expect(await Fixtures.waitUntil { host.deliveries.count == 1 })
        _ = await host.answerCall(host.deliveries[0]["id"]!.stringValue!, error: "boom")
        await #expect(throws: BridgeError.failed("boom")) { try await failing.value }

        let silent = Task { try await host.connection.call("silent", deadline: 2) }
        #expect(await Fixtures.waitUntil { clock.wakeTimes == [2] })
        await clock.advance(bySeconds: 2)
        await #expect(throws: BridgeError.timeout()) { try await silent.value }

        let count = NativeCall("count", arguments: [String: String].self, result: Int.self)
        async let typed = host.connection.call(count, arguments: ["of": "items"], default: 0)
        #expect(await Fixtures.waitUntil { host.deliveries.count == 3 })
        _ = await host.answerCall(host.deliveries[2]["id"]!.stringValue!, value: 7)
        #expect(try await typed == 7)
        try await host.finish()
    }

    @Test("X4 replies from a sub-frame are ignored; answers to unknown calls are reported")
    func x4ReplyOnlyFromMainFrame() async throws {
        let host = Fixtures.trustedHost()
        async let answer = host.connection.call("ask", default: "fallback", deadline: 30)
        #expect(await Fixtures.waitUntil { host.deliveries.count == 1 })
        let id = host.deliveries[0]["id"]!.stringValue!
        #expect(
            await host.send(
                ["type": "__today.reply", "id": .string(id), "value": "forged"],
                from: .subFrame(origin: "https://ads.example")) == .undefined)
        let diagnostics = host.bridge.diagnostics()
        let seen = await Fixtures.collect(diagnostics) { _ = await host.answerCall("999999", value: 1) }
        #expect(seen.map(\.code) == [.unknownReply])
        _ = await host.answerCall(id, value: "real")
        #expect(try await answer == "real")
        try await host.finish()
    }
}
