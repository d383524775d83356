import Foundation
import Testing
import TodayBridge
import TodayBridgeTesting

@Suite("T1 track")
struct TrackTests {
    static let anyInput: [JSONValue] = [
        ["type": "track"], ["type": "track", "ename": 1], ["type": "track", "ename": .null],
        ["type": "track", "ename": ["x"]], ["type": "track", "ename": ""], ["type": "track", "ename": "9lives"],
        ["type": "track", "ename": "has space"], ["type": "track", "ename": "ok", "parameters": "nope"],
        ["type": "track", "ename": "ok", "parameters": [1, 2]], ["type": "track", "ename": "ok", "parameters": .null],
        ["type": "track", "ename": "émoji_é"],
    ]

    @Test("T1 always resolves undefined, whatever the input", arguments: anyInput)
    func t1AlwaysUndefined(message: JSONValue) async throws {
        let host = Fixtures.trustedHost()
        #expect(await host.send(message) == .undefined)
        try await host.finish()
    }

    @Test("T1 always resolves undefined even when the analytics sink fails; the failure is a diagnostic")
    func t1SinkFailure() async throws {
        let host = Fixtures.trustedHost(analytics: RecordingAnalyticsSink(failing: NativeFailure()))
        let diagnostics = host.bridge.diagnostics()
        var reply = BridgeReply.rejection("unset")
        let seen = await Fixtures.collect(diagnostics) {
            reply = await host.send(["type": "track", "ename": "x"])
            await host.bridge.flushAnalytics()
        }
        #expect(reply == .undefined)
        #expect(seen.map(\.code) == [.analyticsFailed])
        try await host.finish()
    }

    @Test(
        "T1 a sink refusing batch after batch (a full disk) is reported once per run of refusals, not per event; every track still settles undefined"
    )
    func t1SinkRefusalRuns() async throws {
        let sink = SwitchableAnalyticsSink()
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: .ios),
            tokens: TestTokenProvider(), analytics: sink, identity: AnalyticsIdentity(deviceID: "device-1")
        )
        let host = BridgeTestHost(bridge: bridge)
        host.load(Fixtures.trustedPage)
        let diagnostics = host.bridge.diagnostics()
        var replies: [BridgeReply] = []
        let seen = await Fixtures.collect(diagnostics) {
            for refusing in [true, false, true] {
                sink.refusing = refusing
                for index in 0..<20 {
                    // One event per batch: each send waits for the sink, as events arriving one by one do.
                    replies.append(
                        await host.send([
                            "type": "track", "ename": "step", "parameters": ["index": .number(Double(index))],
                        ]))
                    await host.bridge.flushAnalytics()
                }
            }
        }
        #expect(replies.count == 60 && replies.allSatisfy { $0 == .undefined })
        #expect(seen.filter { $0.code == .analyticsFailed }.count == 2)
        #expect(sink.events.count == 20)
        try await host.finish()
    }

    @Test(
        "T1 X7 a burst of track calls far over the in-flight limit: every call settles undefined and every event reaches the sink exactly once"
    )
    func t1Burst() async throws {
        let host = Fixtures.trustedHost(limits: BridgeLimits(maxCallsInFlight: 4))
        let count = 5_000
        let replies = await withTaskGroup(of: BridgeReply.self) { group in
            for sequence in 0..<count {
                group.addTask {
                    await host.send([
                        "type": "track", "ename": "burst", "parameters": ["sequence": .number(Double(sequence))],
                    ])
                }
            }
            return await group.reduce(into: [BridgeReply]()) { $0.append($1) }
        }
        #expect(replies.count == count && replies.allSatisfy { $0 == .undefined })
        let sequences = await host.recordedEvents().compactMap { $0.properties["sequence"]?.doubleValue }
        #expect(sequences.count == count)
        #expect(Set(sequences).count == count)
        try await host.finish()
    }

    @Test("T1 X7 the analytics queue is bounded: past maxQueuedEvents the oldest waiting event is dropped and reported")
    func t1QueueBound() async throws {
        let sink = HeldAnalyticsSink()
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: .ios, limits: BridgeLimits(maxQueuedEvents: 10)),
            tokens: TestTokenProvider(), analytics: sink, identity: AnalyticsIdentity(deviceID: "device-1")
        )
        let host = BridgeTestHost(bridge: bridge)
        host.load(Fixtures.trustedPage)
        let diagnostics = host.bridge.diagnostics()
        let track = { (sequence: Int) in
            await host.send(["type": "track", "ename": "e", "parameters": ["sequence": .number(Double(sequence))]])
        }
        let seen = await Fixtures.collect(diagnostics) {
            _ = await track(0)
            #expect(await Fixtures.waitUntil { sink.heldBatches == 1 })  // the drain holds event 0
            for sequence in 1...25 { #expect(await track(sequence) == .undefined) }
        }
        #expect(seen.map(\.code) == Array(repeating: .analyticsDropped, count: 15))
        sink.release()
        await host.bridge.flushAnalytics()
        #expect(sink.events.compactMap { $0.properties["sequence"]?.doubleValue } == [0] + (16...25).map(Double.init))
        try await host.finish()
    }

    @Test("T1 the host adds its base fields, and they win over page parameters of the same name")
    func t1Enrichment() async throws {
        let host = Fixtures.trustedHost()
        _ = await host.send([
            "type": "track", "ename": "opened",
            "parameters": [
                "eid": "forged", "uid": "forged", "did": "forged", "client_plat": "forged", "screen": "home",
            ],
        ])
        let event = try #require(await host.recordedEvents().first)
        let properties = event.properties
        #expect(properties["eid"] == .string(event.id))
        #expect(UUID(uuidString: event.id) != nil)
        #expect(properties["sid"] == "session-1")
        #expect(properties["uid"] == "user-1")
        #expect(properties["did"] == "device-1")
        #expect(properties["tz"] == "Europe/Paris")
        #expect(properties["client_plat"] == "linux")
        #expect(properties["screen"] == "home")
        #expect(
            properties["ctx"] == ["surface": "feed", "page": "https://trusted.example.com/app/home", "frame": "main"])
        let ts = try #require(properties["ts"]?.doubleValue)
        #expect(ts == ManualClock.wallClockStart.timeIntervalSince1970 * 1000)  // the host's clock has not moved
        try await host.finish()
    }

    @Test(
        "T1 event ids are lowercase version-7 UUIDs carrying the event's millisecond, distinct within a batch and across batches"
    )
    func t1EventIDs() {
        let times: [Double] = [1_795_392_000_250, 1_795_392_000_251, 1_795_392_000_251]
        let batches = [
            AnalyticsEventID.timeOrdered(milliseconds: Array(repeating: times[0], count: 1_000)),
            AnalyticsEventID.timeOrdered(milliseconds: Array(repeating: times[0], count: 1_000)),
            AnalyticsEventID.timeOrdered(milliseconds: times),
        ]
        let ids = batches.flatMap { $0 }
        #expect(batches.map(\.count) == [1_000, 1_000, 3])
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let characters = Array(id)
            #expect(UUID(uuidString: id) != nil && id == id.lowercased(), "\(id)")
            #expect(characters[14] == "7" && "89ab".contains(characters[19]), "\(id)")
        }
        let milliseconds = batches[2].map { UInt64($0.replacingOccurrences(of: "-", with: "").prefix(12), radix: 16) }
        #expect(milliseconds == times.map { UInt64($0) })
        #expect(batches[2][0] < batches[2][1], "time-ordered: a later millisecond sorts later")
    }

    @Test("T1 a logged-out session sends no uid, and a page cannot forge one")
    func t1NoUidWhenLoggedOut() async throws {
        let host = Fixtures.trustedHost(token: nil)
        _ = await host.send(["type": "track", "ename": "opened", "parameters": ["uid": "forged"]])
        let event = try #require(await host.recordedEvents().first)
        #expect(event.properties["uid"] == nil)
        #expect(event.userID == nil)
        try await host.finish()
    }

    @Test("T1 non-scalar parameter values are dropped before forwarding")
    func t1NonScalarsDropped() async throws {
        let host = Fixtures.trustedHost()
        _ = await host.send([
            "type": "track", "ename": "x",
            "parameters": [
                "s": "v", "n": 1.5, "b": false, "a": [1], "o": ["k": "v"], "z": .null,
            ],
        ])
        let properties = try #require(await host.recordedEvents().first).properties
        #expect(properties["s"] == "v")
        #expect(properties["n"] == 1.5)
        #expect(properties["b"] == false)
        #expect(properties["a"] == nil && properties["o"] == nil && properties["z"] == nil)
        try await host.finish()
    }

    @Test(
        "T1 invalid or reserved event names are dropped and reported",
        arguments: ["", "1st", "has-dash", "has space", "é", "app_open"])
    func t1InvalidNamesDropped(name: String) async throws {
        let host = Fixtures.trustedHost(validation: TrackValidation(reservedPrefixes: ["app_"]))
        let diagnostics = host.bridge.diagnostics()
        let seen = await Fixtures.collect(diagnostics) {
            _ = await host.send(["type": "track", "ename": .string(name)])
        }
        #expect(await host.recordedEvents().isEmpty)
        #expect(seen.map(\.code) == [.eventRejected])
        try await host.finish()
    }

    @Test("T1 names and keys over 40 characters are truncated; strings over 100 characters too")
    func t1Truncation() async throws {
        let host = Fixtures.trustedHost()
        let long = String(repeating: "a", count: 50)
        _ = await host.send([
            "type": "track", "ename": .string(long),
            "parameters": [.init(long + "k"): .string(String(repeating: "v", count: 150))],
        ])
        let event = try #require(await host.recordedEvents().first)
        #expect(event.name == String(repeating: "a", count: 40))
        #expect(event.properties[String(repeating: "a", count: 40)] == .string(String(repeating: "v", count: 100)))
        try await host.finish()
    }

    @Test("T1 at most 25 parameters are kept; invalid and reserved keys are dropped")
    func t1ParameterLimits() async throws {
        let host = Fixtures.trustedHost(validation: TrackValidation(reservedPrefixes: ["app_"]))
        var parameters: [String: JSONValue] = ["bad key": 1, "app_secret": 2]
        for index in 0..<30 { parameters[String(format: "p%02d", index)] = .number(Double(index)) }
        _ = await host.send(["type": "track", "ename": "many", "parameters": .object(parameters)])
        let properties = try #require(await host.recordedEvents().first).properties
        let kept = properties.keys.filter { $0.hasPrefix("p") }.sorted()
        #expect(kept == (0..<25).map { String(format: "p%02d", $0) })
        #expect(properties["bad key"] == nil && properties["app_secret"] == nil)
        try await host.finish()
    }

    // Found by FuzzTrackEvent (Fuzz/Corpus/FuzzTrackEvent/truncation-collision.json): the second
    // key silently overwrote the first, a drop nobody heard of.
    @Test("T1 two keys truncated alike: the first is kept, the other dropped and reported")
    func t1TruncationCollision() async throws {
        let host = Fixtures.trustedHost()
        let stem = String(repeating: "k", count: 40)
        let diagnostics = host.bridge.diagnostics()
        let seen = await Fixtures.collect(diagnostics) {
            _ = await host.send([
                "type": "track", "ename": "e", "parameters": [.init(stem + "a"): 1, .init(stem + "b"): 2],
            ])
        }
        let event = try #require(await host.recordedEvents().first)
        #expect(event.properties[stem] == 1)
        #expect(seen.map(\.code) == [.eventRejected])
        try await host.finish()
    }

    @Test("T1 validation can be turned off")
    func t1ValidationOff() async throws {
        let host = Fixtures.trustedHost(validation: TrackValidation(isEnabled: false))
        _ = await host.send(["type": "track", "ename": "any name-at all"])
        #expect(await host.recordedEvents().first?.name == "any name-at all")
        try await host.finish()
    }
}

/// A sink that refuses every batch while `refusing` is set, as a full disk does.
private final class SwitchableAnalyticsSink: AnalyticsSink {
    private let state = Locked<(refusing: Bool, events: [AnalyticsEvent])>((false, []))

    var refusing: Bool {
        get { state.withLock { $0.refusing } }
        set { state.withLock { $0.refusing = newValue } }
    }

    var events: [AnalyticsEvent] { state.withLock { $0.events } }

    func record(_ event: AnalyticsEvent) async throws {
        try state.withLock { state in
            guard !state.refusing else { throw NativeFailure() }
            state.events.append(event)
        }
    }
}

/// A sink whose first batch waits until released: events pile up in the bridge's queue.
private final class HeldAnalyticsSink: AnalyticsSink {
    private let state = Locked<
        (held: [CheckedContinuation<Void, Never>], heldBatches: Int, released: Bool, events: [AnalyticsEvent])
    >(([], 0, false, []))

    func record(_ event: AnalyticsEvent) async throws {
        try await record([event])
    }

    func record(_ events: [AnalyticsEvent]) async throws {
        await withCheckedContinuation { continuation in
            let released = state.withLock { state in
                if !state.released {
                    state.held.append(continuation)
                    state.heldBatches += 1
                }
                return state.released
            }
            if released { continuation.resume() }
        }
        state.withLock { $0.events += events }
    }

    var heldBatches: Int { state.withLock { $0.heldBatches } }
    var events: [AnalyticsEvent] { state.withLock { $0.events } }

    func release() {
        let held = state.withLock { state in
            state.released = true
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }
}
