import Dispatch
import Foundation
import TodayBridge

/// The PostHog sink's durable FIFO: an append-only journal of segment files and a cursor file.
///
/// - An append returns once its record is written and `fsync`ed. Appends that arrive while a
///   write is on the disk share the next write and `fsync` (group commit).
/// - Removing the oldest records (delivered, rejected or dropped) moves the cursor, written
///   atomically (temporary file, `fsync`, `rename`); segments wholly before it are deleted.
/// - Opening replays the segments from the cursor and cuts a torn tail left by a crash.
/// - A write or `fsync` that fails (`ENOSPC`, `EFBIG`, `EIO`, …) fails its appends and cuts what
///   it left. It opens a write-failure episode, which ends at the first write that succeeds after
///   the journal was emptied: the removal that empties it starts a fresh segment, so delivering
///   the queue gives its space back (a full disk, or a file-size limit).
/// - A `flock` on `lock` keeps a second process out of the directory.
/// - Each segment carries its format version (``JournalSegmentFormat``): 0.1's headerless
///   segments are read; a later format's make opening throw `unsupportedFormat`, untouched.
///
/// Sequence numbers name records for the life of one open journal only.
final class EventJournal: @unchecked Sendable {
    // @unchecked: everything below `queue` is read and written only on `queue`; `appends` is a lock.

    /// A queued record and where it is.
    struct Entry {
        var sequence: UInt64
        var position: JournalPosition
        var length: Int
    }

    /// A run of failed writes began (with this error), or ended with this many events not queued.
    enum WriteFailureEpisode {
        case began(PostHogQueueError)
        case ended(notQueued: Int)
    }

    /// Limits of one journal.
    struct Limits {
        /// Records kept at most; older ones are dropped to make room.
        var capacity: Int
        /// The largest payload accepted.
        var maxRecordBytes: Int
        /// A new segment file starts once the current one is this long.
        var segmentBytes: UInt64 = 1 << 20
    }

    /// One caller's records, written together with every other caller's waiting at the time.
    private struct WaitingAppend {
        var payloads: [[UInt8]]
        var continuation: CheckedContinuation<UInt64, any Error>
    }

    private let directory: String
    private let limits: Limits
    private let onDrop: @Sendable (Int) -> Void
    private let onWriteFailureEpisode: @Sendable (WriteFailureEpisode) -> Void
    private let queue = DispatchQueue(label: "today-bridge.posthog.journal")
    private let appends = Locked<(waiting: [WaitingAppend], writerScheduled: Bool)>(([], false))

    private let lockFile: JournalFile
    private var segments: [UInt64: JournalFile] = [:]
    private var entries: [Entry] = []
    private var head = 0
    private var nextSequence: UInt64 = 1
    private var end: JournalPosition
    private var isClosed = false
    /// The write-failure episode under way: events not queued, and whether the journal was
    /// emptied since the last failed write (then the next write that succeeds ends it).
    private var writeFailure: (notQueued: Int, emptied: Bool)?
    /// Where a failed write's bytes begin, when cutting them failed too: cut before writing again.
    private var uncutTail: JournalPosition?
    /// How many records an earlier process left (before overflow drops); written by `init` only.
    private(set) var recoveredCount = 0

    /// Opens (creating) the journal in `directory` and replays what an earlier process left.
    ///
    /// `onDrop` hears how many of the oldest records made room for new ones; `onWriteFailureEpisode`
    /// when writes start failing and when they work again.
    init(
        directory: URL, limits: Limits, onDrop: @escaping @Sendable (Int) -> Void,
        onWriteFailureEpisode: @escaping @Sendable (WriteFailureEpisode) -> Void = { _ in }
    ) throws {
        self.directory = directory.path
        self.limits = limits
        self.onDrop = onDrop
        self.onWriteFailureEpisode = onWriteFailureEpisode
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        lockFile = try JournalFile(path: directory.appendingPathComponent("lock").path, create: true)
        guard lockFile.tryLock() else { throw PostHogQueueError.inUse }
        end = JournalPosition(segment: 1, offset: 0)
        recoveredCount = try recover()
    }

    /// The largest record accepted, in bytes.
    var maxRecordBytes: Int { limits.maxRecordBytes }

    /// Appends `payload` durably and returns its sequence number.
    func append(_ payload: [UInt8]) async throws -> UInt64 {
        try await append(contentsOf: [payload])
    }

    /// Appends `payloads` durably, in order and consecutively; returns the first one's sequence number.
    func append(contentsOf payloads: [[UInt8]]) async throws -> UInt64 {
        if let payload = payloads.first(where: { $0.count > limits.maxRecordBytes }) {
            throw PostHogQueueError.eventTooLarge(payload.count, limit: limits.maxRecordBytes)
        }
        return try await withCheckedThrowingContinuation { continuation in
            let startsWriter = appends.withLock { state in
                state.waiting.append(WaitingAppend(payloads: payloads, continuation: continuation))
                defer { state.writerScheduled = true }
                return !state.writerScheduled
            }
            if startsWriter { queue.async { self.writeWaitingAppends() } }
        }
    }

    /// The oldest records, at most `maxCount` of them and, past the first, `maxBytes` in all.
    func oldest(maxCount: Int, maxBytes: Int) async throws -> [(sequence: UInt64, payload: [UInt8])] {
        try await onQueue { [self] in
            var batch: [(sequence: UInt64, payload: [UInt8])] = []
            var bytes = 0
            for entry in entries[head...].prefix(maxCount) {
                guard batch.isEmpty || bytes + entry.length <= maxBytes else { break }
                let file = try segment(entry.position.segment)
                let payload = try file.read(
                    count: entry.length, at: entry.position.offset + UInt64(JournalRecord.headerSize))
                batch.append((entry.sequence, payload))
                bytes += entry.length
            }
            return batch
        }
    }

    /// Removes every record up to and including `sequence`.
    func remove(through sequence: UInt64) async throws {
        try await onQueue { [self] in
            let count = entries[head...].prefix { $0.sequence <= sequence }.count
            try removeOldest(count)
        }
    }

    /// How many records are queued, and the sequence number through which every record has left
    /// the journal (delivered, refused or dropped).
    func progress() async -> (queued: Int, settledThrough: UInt64) {
        (try? await onQueue { [self] in
            (entries.count - head, head < entries.count ? entries[head].sequence - 1 : nextSequence - 1)
        }) ?? (0, 0)
    }

    /// Closes the files and lets the directory go; later calls throw `closed`.
    func close() async {
        _ = try? await onQueue { [self] in
            isClosed = true
            segments.removeAll()
            lockFile.unlock()
        }
    }

    // MARK: - On the queue

    private func onQueue<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { [self] in
                guard !isClosed else { return continuation.resume(throwing: PostHogQueueError.closed) }
                continuation.resume(with: Result<Value, any Error> { try body() })
            }
        }
    }

    /// Writes every waiting append with one write and one `fsync`, then resumes their callers.
    private func writeWaitingAppends() {
        let waiting = appends.withLock { state in
            defer { state.waiting = [] }
            return state.waiting
        }
        do {
            guard !isClosed else { throw PostHogQueueError.closed }
            let payloads = waiting.flatMap(\.payloads)
            var next: UInt64
            do {
                next = try writeRecords(payloads)
            } catch let error as PostHogQueueError {
                writeFailed(error, notQueued: payloads.count)
                throw error
            }
            writeSucceeded()
            for append in waiting {
                append.continuation.resume(returning: next)
                next += UInt64(append.payloads.count)
            }
        } catch {
            for append in waiting { append.continuation.resume(throwing: error) }
        }
        let more = appends.withLock { state in
            state.writerScheduled = !state.waiting.isEmpty
            return state.writerScheduled
        }
        if more { queue.async { self.writeWaitingAppends() } }
    }

    /// Appends `payloads` to the current segment, syncs, indexes them; returns the first sequence.
    private func writeRecords(_ payloads: [[UInt8]]) throws -> UInt64 {
        if end.offset >= limits.segmentBytes { try startSegment(end.segment + 1) }
        let file = try segment(end.segment)
        if let uncutTail, uncutTail.segment == end.segment {
            try file.truncate(to: uncutTail.offset)
        }
        uncutTail = nil
        // A segment's header goes with its first records, so an empty segment costs no write.
        var bytes: [UInt8] = end.offset == 0 ? JournalSegmentFormat.header : []
        var added: [Entry] = []
        for payload in payloads {
            let position = JournalPosition(segment: end.segment, offset: end.offset + UInt64(bytes.count))
            added.append(Entry(sequence: nextSequence + UInt64(added.count), position: position, length: payload.count))
            bytes += JournalRecord.frame(payload)
        }
        do {
            try file.write(bytes, at: end.offset)
            try file.sync()
        } catch {
            // No record of a failed append may outlive it, whole or torn: cut now, or before the next write.
            if (try? file.truncate(to: end.offset)) == nil { uncutTail = end }
            throw error
        }
        let first = nextSequence
        nextSequence += UInt64(added.count)
        end.offset += UInt64(bytes.count)
        entries += added
        try dropOverflow()
        return first
    }

    private func writeSucceeded() {
        guard let writeFailure, writeFailure.emptied else { return }
        self.writeFailure = nil
        onWriteFailureEpisode(.ended(notQueued: writeFailure.notQueued))
    }

    private func writeFailed(_ error: PostHogQueueError, notQueued: Int) {
        guard let writeFailure else {
            writeFailure = (notQueued, false)
            return onWriteFailureEpisode(.began(error))
        }
        self.writeFailure = (writeFailure.notQueued + notQueued, false)
    }

    private func dropOverflow() throws {
        let excess = entries.count - head - limits.capacity
        guard excess > 0 else { return }
        try removeOldest(excess)
        onDrop(excess)
    }

    /// Moves the cursor past the `count` oldest records and deletes segments no longer needed.
    private func removeOldest(_ count: Int) throws {
        guard count > 0 else { return }
        head += count
        defer { compactIndex() }
        if head == entries.count && writeFailure != nil, (try? startSegment(end.segment + 1)) != nil {
            writeFailure?.emptied = true
            // Emptied while writes fail: free the drained segments first, which loses and repeats
            // nothing whatever the cursor says; then move the cursor, if there is room to write it.
            try deleteSegments(before: end.segment)
            try? writeCursor(end)
            return
        }
        let cursor = head < entries.count ? entries[head].position : end
        try writeCursor(cursor)
        try deleteSegments(before: cursor.segment)
    }

    private func compactIndex() {
        if head > 4096 && head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }

    private func deleteSegments(before id: UInt64) throws {
        let unneeded = segments.keys.filter { $0 < id }
        for id in unneeded {
            segments[id] = nil
            try? FileManager.default.removeItem(atPath: segmentPath(id))
        }
        if !unneeded.isEmpty { try JournalFile.syncDirectory(directory) }
    }

    private func writeCursor(_ position: JournalPosition) throws {
        let temporary = directory + "/cursor.tmp"
        let file = try JournalFile(path: temporary, create: true)
        try file.write(position.cursorBytes, at: 0)
        try file.truncate(to: UInt64(position.cursorBytes.count))
        try file.sync()
        guard rename(temporary, cursorPath) == 0 else { throw PostHogQueueError.system("rename", errno) }
        try JournalFile.syncDirectory(directory)
    }

    private func startSegment(_ id: UInt64) throws {
        segments[id] = try JournalFile(path: segmentPath(id), create: true)
        try JournalFile.syncDirectory(directory)
        end = JournalPosition(segment: id, offset: 0)
    }

    private func segment(_ id: UInt64) throws -> JournalFile {
        if let file = segments[id] { return file }
        let file = try JournalFile(path: segmentPath(id), create: false)
        segments[id] = file
        return file
    }

    private var cursorPath: String { directory + "/cursor" }

    private func segmentPath(_ id: UInt64) -> String {
        let digits = String(id, radix: 16)
        return directory + "/segment-" + String(repeating: "0", count: max(0, 16 - digits.count)) + digits + ".log"
    }
}

extension EventJournal {
    /// Rebuilds the index from the cursor and the segment files; cuts a torn tail. Returns how
    /// many records it found.
    private func recover() throws -> Int {
        let cursorFile = try? JournalFile(path: cursorPath, create: false)
        let cursor = try cursorFile.flatMap { JournalPosition(cursorBytes: try $0.read(count: 20, at: 0)) }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        let ids = names.compactMap(Self.segmentID).sorted()
        for id in ids where id < (cursor?.segment ?? 0) {
            try? FileManager.default.removeItem(atPath: segmentPath(id))
        }
        let kept = ids.filter { $0 >= (cursor?.segment ?? 0) }
        for id in kept {
            let file = try segment(id)
            let bytes = try file.read(count: Int(try file.size()), at: 0)
            let format = JournalSegmentFormat(of: bytes)
            if case .unsupported(let version) = format { throw PostHogQueueError.unsupportedFormat(version) }
            let cursorOffset =
                if let cursor, cursor.segment == id { Int(min(cursor.offset, UInt64(bytes.count))) } else { 0 }
            // An empty segment has no header yet: its first write brings it.
            let start = bytes.isEmpty ? 0 : max(format.recordsStart, cursorOffset)
            let scan = JournalRecord.scan(bytes, from: start)
            for record in scan.records {
                entries.append(
                    Entry(
                        sequence: nextSequence, position: JournalPosition(segment: id, offset: UInt64(record.offset)),
                        length: record.length))
                nextSequence += 1
            }
            if format == .tornHeader {
                try file.truncate(to: 0)
                try file.sync()
                end = JournalPosition(segment: id, offset: 0)
                continue
            }
            if scan.validEnd < bytes.count {
                // A crash mid-append, or damage: nothing after this point in the segment is trusted.
                try file.truncate(to: UInt64(scan.validEnd))
                try file.sync()
            }
            end = JournalPosition(segment: id, offset: UInt64(scan.validEnd))
        }
        if kept.isEmpty { try startSegment(max(cursor?.segment ?? 1, 1)) }
        // New records go to a segment of this version's format.
        if end.offset > 0, let last = kept.last,
            JournalSegmentFormat(of: try segment(last).read(count: 8, at: 0)) == .headerless
        {
            try startSegment(end.segment + 1)
        }
        let found = entries.count
        try dropOverflow()
        return found
    }

    /// `segment-<16 hex digits>.log` -> the id.
    private static func segmentID(_ name: String) -> UInt64? {
        guard name.hasPrefix("segment-"), name.hasSuffix(".log") else { return nil }
        return UInt64(name.dropFirst(8).dropLast(4), radix: 16)
    }
}
