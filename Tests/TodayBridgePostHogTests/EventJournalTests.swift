import Foundation
import Testing
import TodayBridge
@_spi(Tools) import TodayBridgeTesting
@testable import TodayBridgePostHog

@Suite("Event journal: the durable queue under the PostHog sink")
struct EventJournalTests {
    private func open(
        _ directory: TemporaryDirectory, capacity: Int = 1000, segmentBytes: UInt64 = 1 << 20,
        drops: Locked<[Int]> = Locked([])
    ) throws -> EventJournal {
        try EventJournal(
            directory: directory.url,
            limits: .init(capacity: capacity, maxRecordBytes: 4096, segmentBytes: segmentBytes),
            onDrop: { count in drops.withLock { $0.append(count) } }
        )
    }

    private func payloads(_ journal: EventJournal) async throws -> [String] {
        try await journal.oldest(maxCount: 10_000, maxBytes: .max).map { String(decoding: $0.payload, as: UTF8.self) }
    }

    @Test("T1 appended events survive reopening, in order")
    func survivesReopening() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var journal: EventJournal? = try open(directory)
        for index in 0..<5 { _ = try await journal!.append(Array("event \(index)".utf8)) }
        await journal!.close()
        journal = nil
        let reopened = try open(directory)
        #expect(try await payloads(reopened) == (0..<5).map { "event \($0)" })
    }

    @Test("T1 a batch of events is appended consecutively and in order, even beside other appends")
    func batchAppends() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try open(directory, capacity: 2_000)
        let firsts = try await withThrowingTaskGroup(of: (batch: Int, first: UInt64).self) { group in
            for batch in 0..<20 {
                group.addTask {
                    (batch, try await journal.append(contentsOf: (0..<50).map { Array("b\(batch)-\($0)".utf8) }))
                }
                group.addTask { (-1, try await journal.append(Array("single".utf8))) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let all = try await journal.oldest(maxCount: 10_000, maxBytes: .max)
        #expect(all.count == 20 * 50 + 20)
        let bySequence = Dictionary(
            uniqueKeysWithValues: all.map { ($0.sequence, String(decoding: $0.payload, as: UTF8.self)) })
        for (batch, first) in firsts where batch >= 0 {
            #expect((0..<50).map { bySequence[first + UInt64($0)] } == (0..<50).map { "b\(batch)-\($0)" })
        }
        await journal.close()
    }

    @Test("T1 concurrent appends share writes and each gets its own sequence number")
    func concurrentAppends() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try open(directory)
        let sequences = try await withThrowingTaskGroup(of: UInt64.self) { group in
            for index in 0..<300 { group.addTask { try await journal.append(Array("e\(index)".utf8)) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(sequences) == Set(1...300))
        await journal.close()
        let reopened = try open(directory)
        #expect(Set(try await payloads(reopened)) == Set((0..<300).map { "e\($0)" }))
    }

    @Test("T1 a record torn by a crash is cut off; the records before it stay")
    func tornTail() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try open(directory)
        _ = try await journal.append(Array("kept".utf8))
        await journal.close()
        let segment = directory.url.appendingPathComponent(directory.fileNames.first { $0.hasPrefix("segment-") }!)
        let handle = try FileHandle(forWritingTo: segment)
        handle.seekToEndOfFile()
        handle.write(Data(JournalRecord.frame(Array("torn away".utf8)).dropLast(3)))
        try handle.close()

        let reopened = try open(directory)
        #expect(try await payloads(reopened) == ["kept"])
        _ = try await reopened.append(Array("after".utf8))
        await reopened.close()
        #expect(try await payloads(try open(directory)) == ["kept", "after"])
    }

    @Test("T1 a damaged record and everything after it in its segment are dropped, not delivered")
    func damagedRecord() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try open(directory)
        for name in ["one", "two", "three"] { _ = try await journal.append(Array(name.utf8)) }
        await journal.close()
        let segment = directory.url.appendingPathComponent(directory.fileNames.first { $0.hasPrefix("segment-") }!)
        var bytes = try Data(contentsOf: segment)
        bytes[JournalRecord.headerSize + 3 + JournalRecord.headerSize] ^= 0xFF  // the first byte of "two"
        try bytes.write(to: segment)
        #expect(try await payloads(try open(directory)) == ["one"])
    }

    @Test("T1 removed events stay removed after reopening; finished segments are deleted")
    func removal() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try open(directory, segmentBytes: 64)
        var sequences: [UInt64] = []
        for index in 0..<20 { sequences.append(try await journal.append(Array("event number \(index)".utf8))) }
        #expect(directory.fileNames.filter { $0.hasPrefix("segment-") }.count > 3)
        try await journal.remove(through: sequences[14])
        #expect(await journal.progress().queued == 5)
        #expect(await journal.progress().settledThrough == sequences[14])
        await journal.close()
        #expect(directory.fileNames.filter { $0.hasPrefix("segment-") }.count <= 2)
        #expect(try await payloads(try open(directory)) == (15..<20).map { "event number \($0)" })
    }

    @Test("T1 a full queue drops its oldest events and says how many")
    func overflow() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let drops = Locked<[Int]>([])
        let journal = try open(directory, capacity: 3, drops: drops)
        for index in 0..<5 { _ = try await journal.append(Array("e\(index)".utf8)) }
        #expect(try await payloads(journal) == ["e2", "e3", "e4"])
        #expect(drops.withLock { $0.reduce(0, +) } == 2)
        await journal.close()
        #expect(try await payloads(try open(directory)) == ["e2", "e3", "e4"])
    }

    @Test("T1 an event over the size limit is refused; a second opener of the directory is refused")
    func refusals() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try open(directory)
        await #expect(throws: PostHogQueueError.self) {
            _ = try await journal.append([UInt8](repeating: 65, count: 4097))
        }
        #expect(throws: PostHogQueueError.inUse) { _ = try open(directory) }
        await journal.close()
    }

    @Test("T1 batches stop at the byte budget but always hold one event")
    func batchBudget() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try open(directory)
        for _ in 0..<4 { _ = try await journal.append([UInt8](repeating: 65, count: 100)) }
        #expect(try await journal.oldest(maxCount: 10, maxBytes: 250).count == 2)
        #expect(try await journal.oldest(maxCount: 10, maxBytes: 10).count == 1)
        #expect(try await journal.oldest(maxCount: 3, maxBytes: .max).count == 3)
        await journal.close()
    }
}

@Suite("Event journal: the format version its segments carry")
struct JournalFormatTests {
    private func open(_ directory: TemporaryDirectory) throws -> EventJournal {
        try EventJournal(directory: directory.url, limits: .init(capacity: 100, maxRecordBytes: 4096), onDrop: { _ in })
    }

    private func segments(_ directory: TemporaryDirectory) -> [String] {
        directory.fileNames.filter { $0.hasPrefix("segment-") }.sorted()
    }

    @Test("T1 a segment starts with its format version")
    func header() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try open(directory)
        _ = try await journal.append(Array("one".utf8))
        await journal.close()
        let bytes = try [UInt8](Data(contentsOf: directory.url.appendingPathComponent(segments(directory)[0])))
        #expect(Array(bytes.prefix(8)) == Array("TBPQ".utf8) + [2, 0, 0, 0])
    }

    @Test("T1 a queue 0.1 wrote (headerless segments) is read, and new events go to a segment of this format")
    func readsOlderFormat() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let legacy = ["old one", "old two"].flatMap { JournalRecord.frame(Array($0.utf8)) }
        try Data(legacy).write(to: directory.url.appendingPathComponent("segment-0000000000000001.log"))
        let journal = try open(directory)
        _ = try await journal.append(Array("new".utf8))
        let queued = try await journal.oldest(maxCount: 10, maxBytes: .max)
        #expect(queued.map { String(decoding: $0.payload, as: UTF8.self) } == ["old one", "old two", "new"])
        try await journal.remove(through: queued[1].sequence)
        await journal.close()
        #expect(segments(directory) == ["segment-0000000000000002.log"])
        let reopened = try open(directory)
        #expect(
            try await reopened.oldest(maxCount: 10, maxBytes: .max).map { String(decoding: $0.payload, as: UTF8.self) }
                == ["new"])
        await reopened.close()
    }

    @Test("T1 a segment of a later format is refused (unsupportedFormat) and left as it is, not cut as damage")
    func refusesLaterFormat() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let later = Array("TBPQ".utf8) + [3, 0, 0, 0] + Array("records of format 3".utf8)
        let url = directory.url.appendingPathComponent("segment-0000000000000001.log")
        try Data(later).write(to: url)
        #expect(throws: PostHogQueueError.unsupportedFormat(3)) { _ = try open(directory) }
        #expect(try [UInt8](Data(contentsOf: url)) == later)
    }
}
