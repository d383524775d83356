import Testing
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting

/// The test host itself: its clock and its account of what a test left pending (C5).
@Suite("BridgeTestHost: a manual clock, and finish() reports what is left")
struct BridgeTestHostTests {
    /// A capability that answers only when its deadline passes or its task is cancelled.
    private static func hostWithSlowCapability() throws -> BridgeTestHost {
        let host = BridgeTestHost()
        try host.bridge.register("slow", access: .anyFrame, deadline: 5, summary: "never answers in time") {
            (_: JSONValue, _) -> NoResult in
            try await Task.sleep(nanoseconds: 3_600 * 1_000_000_000)
            return NoResult()
        }
        host.load("https://feed.example.com/home")
        return host
    }

    @Test("C5 finish() passes when every call was answered")
    func c5FinishClean() async throws {
        let host = try Self.hostWithSlowCapability()
        #expect(await host.send(["type": "unknown"]) == .undefined)
        async let answered = host.connection.call("confirmLeave", default: false)
        #expect(await host.leftovers == BridgeTestHost.Leftovers(nativeCalls: ["confirmLeave"]))
        _ = await host.answerCall(host.deliveries[0]["id"]!.stringValue!, value: true)
        #expect(try await answered == true)
        #expect(await host.leftovers.isEmpty)
        try await host.finish()
        try await host.finish()  // finishing again finds nothing
    }

    @Test("C5 finish() throws the page calls left pending by type, and settles them as cancelled")
    func c5FinishReportsPageCalls() async throws {
        let host = try Self.hostWithSlowCapability()
        async let reply = host.send(["type": "slow"])
        await #expect(throws: BridgeTestHost.Leftovers(pageCalls: ["slow"])) { try await host.finish() }
        #expect(await reply.error?.code == "cancelled")
    }

    @Test("C5 finish() throws the native calls the page never answered, and their callers resume cancelled")
    func c5FinishReportsNativeCalls() async throws {
        let host = try Self.hostWithSlowCapability()
        let call = Task { try await host.connection.call("confirmLeave", default: false) }
        let left = await #expect(throws: BridgeTestHost.Leftovers.self) { try await host.finish() }
        #expect(left == BridgeTestHost.Leftovers(nativeCalls: ["confirmLeave"]))
        #expect(
            left?.description
                == "the test host finished with work left pending; native calls the page has not answered: confirmLeave"
        )
        await #expect(throws: BridgeError.cancelled("the web view went away")) { try await call.value }
    }

    @Test("C5 the host's clock is manual: a deadline passes when the test moves time, not before")
    func c5ManualClockByDefault() async throws {
        let host = try Self.hostWithSlowCapability()
        #expect(host.clock is ManualClock)
        async let reply = host.send(["type": "slow"])
        #expect(await host.leftovers == BridgeTestHost.Leftovers(pageCalls: ["slow"]))
        await host.advance(bySeconds: 5)
        #expect(await reply.error?.code == "timeout")
        try await host.finish()
    }
}
