#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the PostHog sink's on-disk queue could not do what it was asked.
public struct PostHogQueueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable code: `system`, `inUse`, `eventTooLarge`, `closed`, `unsupportedFormat`.
    public var code: String
    /// What failed, for developers.
    public var description: String

    static func system(_ call: String, _ number: Int32) -> PostHogQueueError {
        PostHogQueueError(code: "system", description: "\(call) failed: \(String(cString: strerror(number)))")
    }

    static let inUse = PostHogQueueError(
        code: "inUse", description: "the queue directory is already open, in this process or another")
    static let closed = PostHogQueueError(code: "closed", description: "the queue is closed")

    static func unsupportedFormat(_ version: UInt32) -> PostHogQueueError {
        PostHogQueueError(
            code: "unsupportedFormat",
            description:
                "the queue was written in format \(version), which this version cannot read (a later version wrote it); it was left as it is"
        )
    }

    static func eventTooLarge(_ bytes: Int, limit: Int) -> PostHogQueueError {
        PostHogQueueError(
            code: "eventTooLarge", description: "an event of \(bytes) bytes is over the \(limit)-byte limit")
    }
}
