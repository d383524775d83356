#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One open file of the journal, through POSIX calls: appends, positioned reads, `fsync`.
///
/// Not `Sendable`: only the journal's serial queue touches it.
final class JournalFile {
    let path: String
    private let descriptor: Int32

    /// Opens (creating when asked) the file for reading and writing.
    init(path: String, create: Bool) throws(PostHogQueueError) {
        let flags = O_RDWR | O_CLOEXEC | (create ? O_CREAT : 0)
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else { throw PostHogQueueError.system("open", errno) }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The file's length in bytes.
    func size() throws(PostHogQueueError) -> UInt64 {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw PostHogQueueError.system("fstat", errno) }
        return UInt64(status.st_size)
    }

    /// Writes `bytes` at `offset`, all of them.
    func write(_ bytes: [UInt8], at offset: UInt64) throws(PostHogQueueError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                pwrite(
                    descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(offset) + off_t(written))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw PostHogQueueError.system("pwrite", errno)
            }
            written += result
        }
    }

    /// Reads up to `count` bytes at `offset`; fewer at the end of the file.
    func read(count: Int, at offset: UInt64) throws(PostHogQueueError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw PostHogQueueError.system("pread", errno)
            }
            if result == 0 { break }
            filled += result
        }
        return Array(bytes.prefix(filled))
    }

    /// Cuts the file to `length` bytes (a torn tail after a crash).
    func truncate(to length: UInt64) throws(PostHogQueueError) {
        guard ftruncate(descriptor, off_t(length)) == 0 else { throw PostHogQueueError.system("ftruncate", errno) }
    }

    /// Waits until everything written is on the disk.
    func sync() throws(PostHogQueueError) {
        try Self.flush(descriptor)
    }

    /// Waits until what was written through `descriptor` is on the disk. On Apple platforms
    /// `fsync` leaves it in the drive's cache, where a power loss takes it; `F_FULLFSYNC` has the
    /// drive write it out (`fsync` where the file system cannot).
    private static func flush(_ descriptor: Int32) throws(PostHogQueueError) {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(descriptor) == 0 else { throw PostHogQueueError.system("fsync", errno) }
    }

    /// Takes an exclusive advisory lock without waiting; `false` when another process holds it.
    func tryLock() -> Bool {
        flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    /// Releases the lock `tryLock()` took.
    func unlock() {
        flock(descriptor, LOCK_UN)
    }

    /// Makes a directory's entries durable (a created, renamed or removed file).
    static func syncDirectory(_ path: String) throws(PostHogQueueError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw PostHogQueueError.system("open", errno) }
        defer { close(descriptor) }
        try flush(descriptor)
    }
}
