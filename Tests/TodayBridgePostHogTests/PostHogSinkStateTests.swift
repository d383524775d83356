import Foundation
import Logging
import Testing
import TodayBridge
@_spi(Tools) import TodayBridgeTesting
@testable import TodayBridgePostHog

/// The sink's identity and privacy controls, on a real queue directory; nothing is delivered
/// (the host is a closed port and the flush interval an hour).
@Suite("PostHog sink: identity across login, opt-out, discarding the queue")
struct PostHogSinkStateTests {
    private func open(_ directory: TemporaryDirectory, optedOutByDefault: Bool = false) throws -> PostHogSink {
        try PostHogSink(
            configuration: PostHogConfiguration(
                apiKey: "phc_test", host: URL(string: "http://127.0.0.1:9")!, queueDirectory: directory.url,
                flushInterval: 3600, flushNotifications: [], optedOutByDefault: optedOutByDefault
            ),
            clock: ManualClock()
        )
    }

    private func event(_ name: String, user: String?) -> AnalyticsEvent {
        let id = AnalyticsEventID.now()
        return AnalyticsEvent(
            name: name, id: id, timestamp: Date(), userID: user, deviceID: "device-1", properties: ["eid": .string(id)])
    }

    /// What is queued, in order: each item's event, distinct_id and `$anon_distinct_id`.
    private func queued(_ directory: TemporaryDirectory) async throws -> [[String]] {
        let journal = try EventJournal(
            directory: directory.url, limits: .init(capacity: 100, maxRecordBytes: 1 << 16), onDrop: { _ in })
        defer { Task { await journal.close() } }
        return try await journal.oldest(maxCount: 100, maxBytes: .max).map { record in
            let item = try JSONValue(parsing: String(decoding: record.payload, as: UTF8.self))
            return [item["event"], item["distinct_id"], item["properties"]?["$anon_distinct_id"]].map {
                $0?.stringValue ?? "-"
            }
        }
    }

    @Test(
        "T1 a user id appearing sends one $identify with the anonymous id; a logout starts a new anonymous id; another user is identified once"
    )
    func identityAcrossLogin() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let sink = try open(directory)
        try await sink.record([event("a", user: nil), event("b", user: "user-1"), event("c", user: "user-1")])
        try await sink.record([event("d", user: nil), event("e", user: "user-2")])
        await sink.close()
        let items = try await queued(directory)
        #expect(items.count == 7)
        #expect(items[0] == ["a", "device-1", "-"], "the first anonymous id is the device id, as 0.1 sent")
        #expect(items[1] == ["$identify", "user-1", "device-1"])
        #expect(items[2...3].map { Array($0[0...1]) } == [["b", "user-1"], ["c", "user-1"]])
        let anonymous = items[4][1]
        #expect(items[4][0] == "d" && anonymous != "device-1", "a logout resets")
        #expect(items[5] == ["$identify", "user-2", anonymous])
        #expect(items[6][0...1] == ["e", "user-2"])
    }

    @Test(
        "T1 the identity is kept across launches: a user already identified is not identified again; reset() starts a new anonymous id"
    )
    func identityPersists() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var sink = try open(directory)
        try await sink.record(event("a", user: "user-1"))
        await sink.close()
        sink = try open(directory)
        try await sink.record(event("b", user: "user-1"))
        sink.reset()
        try await sink.record([event("c", user: nil), event("d", user: "user-1")])
        await sink.close()
        let items = try await queued(directory)
        #expect(items.map(\.[0]) == ["$identify", "a", "b", "c", "$identify", "d"])
        #expect(items[3][1] != "device-1" && items[4][2] == items[3][1])
    }

    @Test("T1 opted out, nothing is recorded, across launches, until opting in; optedOutByDefault starts out")
    func optOut() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var sink = try open(directory, optedOutByDefault: true)
        #expect(sink.isOptedOut)
        try await sink.record(event("dropped", user: nil))
        #expect(await sink.pendingCount() == 0)
        await sink.optIn()
        try await sink.record(event("kept", user: nil))
        await sink.optOut()
        try await sink.record(event("dropped too", user: nil))
        await sink.close()
        sink = try open(directory)
        #expect(sink.isOptedOut, "the choice is saved")
        try await sink.record(event("dropped again", user: nil))
        let reopened = sink
        let flushed = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await reopened.flush()
                return true
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: 5_000_000_000)
                return false
            }
            defer { group.cancelAll() }
            return await group.next() ?? false
        }
        #expect(flushed, "a flush while out returns at once")
        await sink.optIn()
        try await sink.record(event("kept too", user: nil))
        await sink.close()
        #expect(try await queued(directory).map(\.[0]) == ["kept", "kept too"])
    }

    @Test("T1 discardQueued drops everything queued, for good")
    func discard() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var sink = try open(directory)
        try await sink.record((0..<5).map { event("e\($0)", user: nil) })
        #expect(await sink.pendingCount() == 5)
        try await sink.discardQueued()
        #expect(await sink.pendingCount() == 0)
        try await sink.record(event("after", user: nil))
        await sink.close()
        sink = try open(directory)
        #expect(await sink.pendingCount() == 1)
        await sink.close()
        #expect(try await queued(directory).map(\.[0]) == ["after"])
    }

    #if canImport(Darwin)
    @Test("T1 the queue directory is excluded from device backups")
    func excludedFromBackup() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let sink = try open(directory)
        await sink.close()
        #expect(try directory.url.resourceValues(forKeys: [.isExcludedFromBackupKey]).isExcludedFromBackup == true)
    }
    #endif
}
