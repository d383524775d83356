import Foundation
import Testing
import TodayBridge
@_spi(Tools) import TodayBridgeTesting
@testable import TodayBridgePostHog

/// The journal when the disk fails it, on real files: torn writes and the kernel's own `ENOSPC`.
@Suite("Event journal: writes that fail")
struct JournalWriteFailureTests {
    private func open(_ directory: TemporaryDirectory) throws -> EventJournal {
        try EventJournal(
            directory: directory.url, limits: .init(capacity: 1000, maxRecordBytes: 4096), onDrop: { _ in })
    }

    private func payloads(_ journal: EventJournal) async throws -> [String] {
        try await journal.oldest(maxCount: 10_000, maxBytes: .max).map { String(decoding: $0.payload, as: UTF8.self) }
    }

    private func segmentURL(_ directory: TemporaryDirectory) -> URL {
        directory.url.appendingPathComponent(directory.fileNames.first { $0.hasPrefix("segment-") }!)
    }

    @Test(
        "T1 a batch cut at any byte (a full disk mid-write, then a crash): reopening keeps the records before the cut, never the torn one, and appends go on after them"
    )
    func cutAnywhere() async throws {
        let batch = ["first of batch", "second", "third of batch"].map { JournalRecord.frame(Array($0.utf8)) }
        let bytes = batch.flatMap { $0 }
        let ends = batch.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1.count) }
        for cut in 0..<bytes.count {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let journal = try open(directory)
            _ = try await journal.append(Array("kept".utf8))
            await journal.close()
            let handle = try FileHandle(forWritingTo: segmentURL(directory))
            handle.seekToEndOfFile()
            handle.write(Data(bytes.prefix(cut)))
            try handle.close()

            let whole = ["first of batch", "second", "third of batch"].prefix(ends.filter { $0 <= cut }.count)
            let reopened = try open(directory)
            #expect(try await payloads(reopened) == ["kept"] + whole, "cut at byte \(cut)")
            _ = try await reopened.append(Array("after".utf8))
            await reopened.close()
            #expect(try await payloads(try open(directory)) == ["kept"] + whole + ["after"], "cut at byte \(cut)")
        }
    }

    @Test(
        "T1 the disk is full (the journal's segment is /dev/full, ENOSPC from the kernel): appends fail, queued events are still delivered, and once they are, appends resume in a fresh segment",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "Linux's full device (macOS has none)")
    )
    func diskFull() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = try open(directory)
        for name in ["a", "b", "c"] { _ = try await journal.append(Array(name.utf8)) }
        await journal.close()
        // The next segment is the kernel's full device: every write to it fails with ENOSPC.
        let full = segmentURL(directory).deletingLastPathComponent().appendingPathComponent(
            "segment-0000000000000002.log")
        try FileManager.default.createSymbolicLink(atPath: full.path, withDestinationPath: "/dev/full")

        let episodes = Locked<[String]>([])
        let reopened = try EventJournal(
            directory: directory.url, limits: .init(capacity: 1000, maxRecordBytes: 4096), onDrop: { _ in }
        ) { episode in
            episodes.withLock { $0.append("\(episode)") }
        }
        await #expect(throws: PostHogQueueError.system("pwrite", ENOSPC)) {
            _ = try await reopened.append(Array("refused".utf8))
        }
        for _ in 0..<3 {  // the device cannot be cut back either: no append until it can
            await #expect(throws: PostHogQueueError.self) { _ = try await reopened.append(Array("refused".utf8)) }
        }
        let queued = try await reopened.oldest(maxCount: 10, maxBytes: .max)
        #expect(queued.map { String(decoding: $0.payload, as: UTF8.self) } == ["a", "b", "c"])
        try await reopened.remove(through: queued.last!.sequence)
        #expect(!directory.fileNames.contains(full.lastPathComponent), "the full segment is let go")

        _ = try await reopened.append(Array("after".utf8))
        #expect(try await payloads(reopened) == ["after"])
        #expect(
            episodes.withLock { $0 } == [#"began(pwrite failed: No space left on device)"#, "ended(notQueued: 4)"],
            "one episode")
        await reopened.close()
        #expect(try await payloads(try open(directory)) == ["after"])
    }
}
