import Testing
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting

/// Streams end to end in the core, through the test host on a manual clock (ST1–ST5).
@Suite("Streams: a capability that yields")
struct StreamTests {
    /// A host with `count`, a stream of the integers the test yields through the continuation.
    private static func host(
        limits: BridgeLimits = BridgeLimits(streamWindow: 2, maxStreamsPerDocument: 2), deadline: Double? = 10
    ) throws -> (BridgeTestHost, AsyncThrowingStream<Int, any Error>.Continuation) {
        let host = BridgeTestHost(limits: limits)
        let (values, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        try host.bridge.registerStream("count", access: .mainFrame, deadline: deadline) { (_: JSONValue, _) in values }
        host.load("https://feed.example.com/home")
        return (host, continuation)
    }

    private static func rejection(_ code: BridgeError.Code, _ reply: BridgeReply) -> Bool {
        guard case .rejection(let reason) = reply else { return false }
        return reason.contains("\"code\":\"\(code.rawValue)\"")
    }

    @Test(
        "ST1 a stream opens at once with its id and window; refused without an id, with an id in use, over the limit, to a frame it does not serve"
    )
    func st1Opening() async throws {
        let (host, continuation) = try Self.host()
        try host.bridge.registerStream("idle", access: .mainFrame) { (_: JSONValue, _) in
            AsyncThrowingStream<Int, any Error> { _ in }
        }
        #expect(await host.openStream("count", id: "a") == .value(["stream": "a", "window": 2]))
        #expect(Self.rejection(.invalidRequest, await host.send(["type": "count"])))
        #expect(Self.rejection(.invalidRequest, await host.openStream("idle", id: "a")))
        #expect(await host.openStream("idle", id: "b") == .value(["stream": "b", "window": 2]))
        #expect(Self.rejection(.busy, await host.openStream("idle", id: "c")))
        #expect(await host.openStream("idle", id: "d", from: .subFrame(origin: "https://ads.example")) == .undefined)
        #expect(await host.openStream("unknown", id: "e") == .undefined)
        continuation.finish()
        await host.cancel(stream: "b")
        #expect(host.stream("a").end == .finished)
        try await host.finish()
    }

    @Test("ST2 values reach the page in order, numbered from 0, then the one end")
    func st2ValuesInOrder() async throws {
        let (host, continuation) = try Self.host(limits: BridgeLimits(streamWindow: 16))
        _ = await host.openStream("count", id: "s")
        for value in 0..<5 { continuation.yield(value * 10) }
        continuation.finish()
        await host.settleWork()
        #expect(host.stream("s") == .init(values: [0, 10, 20, 30, 40], end: .finished, errorCode: nil))
        // Each delivery carries the values waiting, numbered from its `seq`: every number once, in order.
        let numbers = host.deliveries.flatMap { delivery -> [Int] in
            guard let seq = delivery["seq"]?.doubleValue, let values = delivery["values"]?.arrayValue else { return [] }
            return values.indices.map { Int(seq) + $0 }
        }
        #expect(numbers == Array(0..<5))
        try await host.finish()
    }

    @Test("ST3 the host sends no more than the window ahead of the page's acknowledgements")
    func st3Window() async throws {
        let (host, continuation) = try Self.host()
        _ = await host.openStream("count", id: "s")
        for value in 0..<6 { continuation.yield(value) }
        await host.settleWork()
        #expect(host.stream("s").values == [0, 1])
        await host.acknowledge(stream: "s", count: 1)
        #expect(host.stream("s").values == [0, 1, 2])
        await host.acknowledge(stream: "s", count: 100)  // more than it was sent counts as what it was sent
        #expect(host.stream("s").values == [0, 1, 2, 3, 4])
        await host.acknowledge(stream: "s", count: 3)
        continuation.finish()
        await host.settleWork()
        #expect(host.stream("s") == .init(values: [0, 1, 2, 3, 4, 5], end: .finished, errorCode: nil))
        try await host.finish()
    }

    @Test("ST4 the page's cancel ends the stream and cancels its producer; nothing more is delivered")
    func st4Cancel() async throws {
        let host = BridgeTestHost()
        let cancelled = Locked(false)
        try host.bridge.registerStream("ticks", access: .mainFrame) { (_: JSONValue, _) in
            AsyncThrowingStream<Int, any Error> { continuation in
                continuation.yield(1)
                continuation.onTermination = { _ in cancelled.withLock { $0 = true } }
            }
        }
        host.load("https://feed.example.com/home")
        _ = await host.openStream("ticks", id: "s")
        #expect(host.stream("s").values == [1])
        await host.cancel(stream: "s")
        #expect(cancelled.withLock { $0 })
        #expect(host.stream("s") == .init(values: [1], end: nil, errorCode: nil))
        try await host.finish()
    }

    @Test("ST4 a value not produced within the deadline ends the stream as timeout; waiting for room does not count")
    func st4Deadline() async throws {
        let (host, continuation) = try Self.host(deadline: 10)
        _ = await host.openStream("count", id: "s")
        continuation.yield(1)
        continuation.yield(2)
        continuation.yield(3)  // waits for room
        await host.settleWork()
        await host.advance(bySeconds: 60)
        await host.settleWork()
        #expect(host.stream("s").end == nil)
        await host.acknowledge(stream: "s", count: 2)
        #expect(host.stream("s").values == [1, 2, 3])
        await host.advance(bySeconds: 9)
        await host.settleWork()
        #expect(host.stream("s").end == nil)
        await host.advance(bySeconds: 1)
        await host.settleWork()
        #expect(host.stream("s") == .init(values: [1, 2, 3], end: .timeout, errorCode: .timeout))
        continuation.yield(4)
        await host.settleWork()
        #expect(host.stream("s").values == [1, 2, 3])
        try await host.finish()
    }

    @Test("ST5 a failing sequence ends the stream once, failed with its BridgeError or as failed")
    func st5Failed() async throws {
        let (host, continuation) = try Self.host()
        _ = await host.openStream("count", id: "s")
        continuation.yield(1)
        continuation.finish(throwing: BridgeError(code: "quotaExceeded", message: "no room"))
        await host.settleWork()
        #expect(host.stream("s") == .init(values: [1], end: .failed, errorCode: "quotaExceeded"))
        let ends = host.deliveries.filter { $0["kind"] == "streamEnd" }
        #expect(ends.count == 1)
        try await host.finish()
    }

    @Test("ST5 a navigation, a dead web process and the close end open streams silently and cancel their producers")
    func st5DocumentGone() async throws {
        let host = BridgeTestHost()
        let terminated = Locked(0)
        try host.bridge.registerStream("ticks", access: .mainFrame) { (_: JSONValue, _) in
            AsyncThrowingStream<Int, any Error> { continuation in
                continuation.onTermination = { _ in terminated.withLock { $0 += 1 } }
            }
        }
        host.load("https://feed.example.com/home")
        _ = await host.openStream("ticks", id: "a")
        #expect(await host.leftovers == BridgeTestHost.Leftovers(streams: ["ticks"]))
        host.load("https://feed.example.com/next")
        await host.settleWork()
        _ = await host.openStream("ticks", id: "b")
        host.connection.webProcessDidTerminate(.crashed)
        await host.settleWork()
        _ = await host.openStream("ticks", id: "c")
        #expect(await host.leftovers.streams == ["ticks"])
        host.connection.close()
        await host.settleWork()
        #expect(terminated.withLock { $0 } == 3)
        #expect(host.stream("a").end == nil && host.stream("b").end == nil && host.stream("c").end == nil)
        #expect(Self.rejection(.cancelled, await host.openStream("ticks", id: "d")))
        try await host.finish()
    }

    @Test("ST5 X5 each stream is traced once at its end, with how it ended and the values it delivered")
    func st5Traces() async throws {
        let (host, continuation) = try Self.host(limits: BridgeLimits(streamWindow: 16))
        let traces = host.bridge.traces()
        let seen = await Fixtures.collect(traces) {
            _ = await host.openStream("count", id: "a")
            for value in 0..<3 { continuation.yield(value) }
            continuation.finish()
            await host.settleWork()
        }
        let streams = seen.filter { $0.kind == .stream }
        #expect(streams.count == 1)
        #expect(streams.first?.type == "count" && streams.first?.values == 3 && streams.first?.outcome == .resolved)
        let opening = JSONValue.object(["type": "count", WireProtocol.streamField: "a"])
        #expect(streams.first?.requestBytes == opening.jsonUTF8.count)
        #expect(seen.first { $0.kind == .pageMessage }?.values == nil)
        try await host.finish()
    }

    @Test("ST1 a stream registered for any frame serves the main frame only: its values go to the main frame")
    func st1MainFrameOnly() async throws {
        let host = BridgeTestHost()
        try host.bridge.registerStream("ticks", access: .anyFrame) { (_: JSONValue, _) in
            AsyncThrowingStream<Int, any Error> { $0.finish() }
        }
        host.load("https://feed.example.com/home")
        #expect(await host.openStream("ticks", id: "a", from: .subFrame(origin: "https://ads.example")) == .undefined)
        #expect(await host.openStream("ticks", id: "b") == .value(["stream": "b", "window": 16]))
        try await host.finish()
    }

    @Test("ST5 finish() reports a stream left open")
    func st5Leftover() async throws {
        let (host, continuation) = try Self.host()
        _ = await host.openStream("count", id: "s")
        await #expect(throws: BridgeTestHost.Leftovers(streams: ["count"])) { try await host.finish() }
        continuation.finish()
    }
}
