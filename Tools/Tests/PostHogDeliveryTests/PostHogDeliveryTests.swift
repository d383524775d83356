import Foundation
import Logging
import Testing
import TodayBridge
@_spi(Tools) import TodayBridgePostHog
import ToolSupport
@_spi(Tools) import TodayBridgeTesting
import TodayDemoBackend

@Suite("PostHog delivery against a local capture server")
struct PostHogDeliveryTests {
    /// A sink on a fresh queue directory, delivering to `server` on a manual clock.
    private struct Fixture {
        let server: PostHogCaptureServer
        let directory: TemporaryDirectory
        let clock = ManualClock()
        let notifications = NotificationCenter()
        let network = FakeNetworkMonitor()
        let sink: PostHogSink

        init(
            server: PostHogCaptureServer? = nil, host: String? = nil, directory: TemporaryDirectory? = nil,
            batchSize: Int = 50, maxQueued: Int = 100, requestTimeout: Double = 10,
            retry: PostHogRetryPolicy = PostHogRetryPolicy(initialDelay: 2, maxDelay: 60, jitter: 0)
        ) async throws {
            let server = if let server { server } else { try await PostHogCaptureServer.start() }
            let directory = try directory ?? TemporaryDirectory()
            self.server = server
            self.directory = directory
            sink = try PostHogSink(
                configuration: PostHogConfiguration(
                    apiKey: "phc_test", host: URL(string: host ?? server.origin)!, queueDirectory: directory.url,
                    batchSize: batchSize, flushInterval: 10, maxQueuedEvents: maxQueued, requestTimeout: requestTimeout,
                    retry: retry, flushNotifications: [Self.background]
                ),
                clock: clock, logger: Logger(label: "test"), notificationCenter: notifications, networkMonitor: network
            )
        }

        static let background = Notification.Name("TestAppDidEnterBackground")

        func finish() async {
            await sink.close()
            server.stop()
            directory.remove()
        }
    }

    private static func event(_ index: Int, user: String? = nil) -> AnalyticsEvent {
        let id = UUID().uuidString.lowercased()
        return AnalyticsEvent(
            name: "event_\(index)", id: id, timestamp: Date(), userID: user, deviceID: "device-1",
            properties: ["eid": .string(id), "index": .number(Double(index))]
        )
    }

    @Test(
        "T1 a full batch goes at once, gzipped, in the shape PostHog's batch API takes, with the library in the User-Agent"
    )
    func fullBatch() async throws {
        let fixture = try await Fixture(batchSize: 5)
        defer { Task { await fixture.finish() } }
        let events = (0..<5).map { Self.event($0) }
        for event in events { try await fixture.sink.record(event) }
        #expect(await eventually { fixture.server.events.count == 5 })
        #expect(fixture.server.refusedShapes.isEmpty)
        #expect(fixture.server.batches.map(\.apiKey) == ["phc_test"])
        #expect(fixture.server.batches.map(\.contentEncoding) == ["gzip"], "the server decoded a gzip body")
        #expect(fixture.server.batches.map(\.userAgent) == ["today-webview-bridge/\(TodayBridge.version)"])
        #expect(fixture.server.events.map { $0["uuid"] } == events.map { .string($0.id) })
        #expect(fixture.server.events.map { $0["distinct_id"] } == Array(repeating: "device-1", count: 5))
    }

    @Test(
        "T1 a 413 halves the batch and sends again at once, down to one event; an event PostHog finds too large alone is dropped"
    )
    func tooLarge() async throws {
        let fixture = try await Fixture(batchSize: 10)
        defer { Task { await fixture.finish() } }
        fixture.server.refuseBatches(largerThan: 3)
        let events = (0..<10).map { Self.event($0) }
        try await fixture.sink.record(events)
        #expect(await flushes(fixture.sink))
        #expect(fixture.server.events.map { $0["uuid"] } == events.map { .string($0.id) }, "none lost, in order")
        #expect(fixture.server.batches.map(\.events.count).allSatisfy { $0 <= 3 })
        #expect(
            fixture.server.requestCount == 2 + fixture.server.batches.count,
            "10 refused, 5 refused, then batches of 2 (or fewer)")
        #expect(fixture.clock.wakeTimes.isEmpty, "no backoff")

        let diagnostics = fixture.sink.diagnostics()
        fixture.server.refuseBatches(largerThan: 0)
        try await fixture.sink.record(Self.event(10))
        #expect(await flushes(fixture.sink))
        #expect(await fixture.sink.pendingCount() == 0)
        var iterator = diagnostics.makeAsyncIterator()
        #expect(await iterator.next()?.code == .analyticsRejected)
    }

    /// A request that gets no answer (it stalls past the request timeout: a network error, where
    /// the capture server's dropped connection is answered 500 by the HTTP stack) backs off; the
    /// network coming back ends that backoff, not a server's `Retry-After`.
    @Test("T1 a network that comes back ends a network error's backoff at once; it does not end a server's Retry-After")
    func networkReturns() async throws {
        // The timeout ends the stalled request; it is long enough that a loaded machine's answers
        // to the other requests come before it.
        let fixture = try await Fixture(requestTimeout: 4)
        defer { Task { await fixture.finish() } }
        fixture.network.report(true)
        fixture.server.injectFaults { $0 == 1 ? .stall(seconds: 8) : $0 == 2 ? .status(429, retryAfter: "30") : nil }
        try await fixture.sink.record(Self.event(0))
        let flush = Task { await fixture.sink.flush() }
        #expect(await eventually { fixture.clock.wakeTimes == [2] })
        fixture.network.report(false)
        fixture.network.report(true)
        #expect(await eventually { fixture.server.requestCount == 2 }, "sent again without waiting out the backoff")
        #expect(await eventually { fixture.clock.wakeTimes == [30] })
        fixture.network.report(false)
        fixture.network.report(true)
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(fixture.server.requestCount == 2, "the server asked for 30 s")
        await fixture.clock.advance(bySeconds: 30)
        #expect(await completes(flush))
        #expect(await eventually { fixture.server.requestCount == 3 })
        // The stalled request may reach the server after all: a copy with the same uuid.
        #expect(Set(fixture.server.events.map { $0["uuid"] }).count == 1)
    }

    @Test("T1 a partial batch waits for the flush interval")
    func partialBatch() async throws {
        let fixture = try await Fixture()
        defer { Task { await fixture.finish() } }
        for index in 0..<2 { try await fixture.sink.record(Self.event(index)) }
        #expect(await eventually { fixture.clock.wakeTimes == [10] })
        #expect(fixture.server.requestCount == 0)
        await fixture.clock.advance(bySeconds: 10)
        #expect(await eventually { fixture.server.events.count == 2 })
    }

    @Test("T1 an event left after a full batch is still due by the interval of the oldest")
    func leftoverDueByInterval() async throws {
        let fixture = try await Fixture(batchSize: 2)
        defer { Task { await fixture.finish() } }
        try await fixture.sink.record(Self.event(0))
        #expect(await eventually { fixture.clock.wakeTimes == [10] })
        await fixture.clock.advance(bySeconds: 5)
        for index in 1...2 { try await fixture.sink.record(Self.event(index)) }
        #expect(await eventually { fixture.server.events.count == 2 })
        #expect(await eventually { fixture.clock.wakeTimes == [10] })
        await fixture.clock.advance(bySeconds: 5)
        #expect(await eventually { fixture.server.events.count == 3 })
    }

    @Test("T1 5xx answers and dropped connections are retried with exponential backoff")
    func serverErrors() async throws {
        let fixture = try await Fixture()
        defer { Task { await fixture.finish() } }
        fixture.server.injectFaults { $0 == 1 ? .status(500) : $0 == 2 ? .dropConnection : nil }
        try await fixture.sink.record(Self.event(0))
        let flush = Task { await fixture.sink.flush() }
        #expect(await eventually { fixture.clock.wakeTimes == [2] })
        await fixture.clock.advance(bySeconds: 2)
        #expect(await eventually { fixture.clock.wakeTimes == [6] })
        #expect(fixture.server.events.isEmpty)
        await fixture.clock.advance(bySeconds: 4)
        #expect(await completes(flush))
        #expect(fixture.server.events.count == 1)
        #expect(fixture.server.requestCount == 3)
    }

    @Test("T1 a wall-clock jump neither fires a backoff early nor stalls it; sent_at is the wall clock's")
    func wallClockJumps() async throws {
        let fixture = try await Fixture()
        defer { Task { await fixture.finish() } }
        fixture.server.injectFaults { $0 == 1 ? .status(500) : nil }
        try await fixture.sink.record(Self.event(0))
        let flush = Task { await fixture.sink.flush() }
        #expect(await eventually { fixture.clock.wakeTimes == [2] })
        fixture.clock.jumpWallClock(bySeconds: 86_400)
        await fixture.clock.advance(bySeconds: 1)
        #expect(fixture.server.requestCount == 1, "a day later by the wall clock, one second by the monotonic one")
        fixture.clock.jumpWallClock(bySeconds: -2 * 86_400)
        await fixture.clock.advance(bySeconds: 1)
        #expect(await completes(flush))
        #expect(fixture.server.requestCount == 2)
        let sentAt = try #require(fixture.server.batches.last?.sentAt)
        #expect(sentAt == "2025-12-31T00:00:02.000Z")
    }

    @Test("T1 429 with Retry-After waits as long as the server asks")
    func retryAfter() async throws {
        let fixture = try await Fixture()
        defer { Task { await fixture.finish() } }
        fixture.server.injectFaults { $0 == 1 ? .status(429, retryAfter: "30") : nil }
        try await fixture.sink.record(Self.event(0))
        let flush = Task { await fixture.sink.flush() }
        #expect(await eventually { fixture.clock.wakeTimes == [30] })
        await fixture.clock.advance(bySeconds: 29)
        #expect(fixture.server.requestCount == 1)
        await fixture.clock.advance(bySeconds: 1)
        #expect(await completes(flush))
        #expect(fixture.server.events.count == 1)
    }

    @Test("T1 a 4xx refusal drops the batch with a diagnostic and is not retried")
    func refusal() async throws {
        let fixture = try await Fixture()
        defer { Task { await fixture.finish() } }
        let diagnostics = fixture.sink.diagnostics()
        fixture.server.injectFaults { _ in .status(401) }
        for index in 0..<2 { try await fixture.sink.record(Self.event(index)) }
        #expect(await flushes(fixture.sink))
        #expect(await fixture.sink.pendingCount() == 0)
        #expect(fixture.server.requestCount == 1)
        var iterator = diagnostics.makeAsyncIterator()
        let diagnostic = await iterator.next()
        #expect(diagnostic?.code == .analyticsRejected)
        #expect(diagnostic?.message.contains("401") == true)
    }

    @Test("T1 a stalled request times out and is sent again; the copy carries the same uuid")
    func stall() async throws {
        let fixture = try await Fixture(requestTimeout: 1)
        defer { Task { await fixture.finish() } }
        fixture.server.injectFaults { $0 == 1 ? .stall(seconds: 3) : nil }
        let event = Self.event(0)
        try await fixture.sink.record(event)
        let flushed = Locked(false)
        let flush = Task {
            await fixture.sink.flush()
            flushed.withLock { $0 = true }
        }
        #expect(await eventually { fixture.clock.wakeTimes == [2] })
        // The copy sent after the backoff is answered at once; on a loaded machine it may still
        // outlast its 1 s timeout, and the sink backs off again: advance through each backoff it
        // asks for (bounded), so the test waits on the sink, never on the machine's speed.
        for _ in 0..<5 {
            guard let wake = fixture.clock.wakeTimes.min(), !flushed.withLock({ $0 }) else { break }
            await fixture.clock.advance(bySeconds: max(0, wake - Double(fixture.clock.now().nanoseconds) / 1e9))
            _ = await eventually(within: 10) { flushed.withLock { $0 } || !fixture.clock.wakeTimes.isEmpty }
        }
        #expect(await completes(flush))
        let copies = fixture.server.events.map { $0["uuid"] }
        #expect(copies.count >= 2 && copies.allSatisfy { $0 == .string(event.id) })
    }

    @Test("T1 a full queue drops its oldest events with a diagnostic")
    func overflow() async throws {
        let fixture = try await Fixture(maxQueued: 3)
        defer { Task { await fixture.finish() } }
        let diagnostics = fixture.sink.diagnostics()
        for index in 0..<5 { try await fixture.sink.record(Self.event(index)) }
        #expect(await fixture.sink.pendingCount() == 3)
        #expect(await flushes(fixture.sink))
        #expect(fixture.server.events.map { $0["event"] } == ["event_2", "event_3", "event_4"])
        var iterator = diagnostics.makeAsyncIterator()
        #expect(await iterator.next()?.code == .analyticsDropped)
    }

    @Test("T1 the app moving to the background starts a flush")
    func backgroundFlush() async throws {
        let fixture = try await Fixture()
        defer { Task { await fixture.finish() } }
        try await fixture.sink.record(Self.event(0))
        #expect(await eventually { fixture.clock.wakeTimes == [10] })
        fixture.notifications.post(name: Fixture.background, object: nil)
        #expect(await eventually { fixture.server.events.count == 1 })
    }

    @Test("T1 events an earlier run could not deliver are sent when the next run starts")
    func deliveredAfterRestart() async throws {
        let directory = try TemporaryDirectory()
        let server = try await PostHogCaptureServer.start()
        let offline = try await Fixture(server: server, host: "http://127.0.0.1:9", directory: directory)
        for index in 0..<3 { try await offline.sink.record(Self.event(index)) }
        await offline.sink.close()
        let online = try await Fixture(server: server, directory: directory)
        defer { Task { await online.finish() } }
        #expect(await eventually { server.events.count == 3 })
    }

    @Test(
        "T1 track settles at once; flushAnalytics returns once its event is on disk; PostHog gets the bridge's event id as uuid"
    )
    func throughTheBridge() async throws {
        let fixture = try await Fixture()
        defer { Task { await fixture.finish() } }
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: .ios),
            tokens: TestTokenProvider(),
            analytics: fixture.sink,
            identity: AnalyticsIdentity(deviceID: "device-9", sessionID: "session-1")
        )
        let host = BridgeTestHost(bridge: bridge)
        host.load("https://app.example/home")
        let reply = await host.send(["type": "track", "ename": "opened", "parameters": ["screen": "home"]])
        #expect(reply == .undefined)
        await bridge.flushAnalytics()
        #expect(await fixture.sink.pendingCount() == 1)
        #expect(await flushes(fixture.sink))
        let event = try #require(fixture.server.events.first)
        #expect(event["event"] == "opened")
        #expect(event["uuid"] != nil && event["uuid"] == event["properties"]?["eid"])
        #expect(event["distinct_id"] == "device-9")
        #expect(event["properties"]?["screen"] == "home")
        #expect(event["properties"]?["client_plat"] == "ios")
        try await host.finish()
    }
}
