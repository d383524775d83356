#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A recording's first line: what the file is, when it began, and what was let go.
@_spi(Tools) public struct TrafficRecordingHeader: Codable, Sendable, Hashable {
    /// ``TrafficRecording/format``: tells a recording from other JSON lines.
    @_spi(Tools) public var format: String
    /// The format's version, ``TrafficRecording/version``.
    @_spi(Tools) public var version: Int
    /// When recording began, ISO 8601 in UTC.
    @_spi(Tools) public var startedAt: String
    /// The most records the recorder kept.
    @_spi(Tools) public var capacity: Int
    /// How many older records it let go.
    @_spi(Tools) public var dropped: Int

    @_spi(Tools) public init(startDate: Date, capacity: Int, dropped: Int) {
        format = TrafficRecording.format
        version = TrafficRecording.version
        startedAt = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(startDate)
        self.capacity = capacity
        self.dropped = dropped
    }
}
