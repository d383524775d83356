#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A recording's first line: what the file is, when it began, and what was let go.
package struct TrafficRecordingHeader: Codable, Sendable, Hashable {
    /// ``TrafficRecording/format``: tells a recording from other JSON lines.
    package var format: String
    /// The format's version, ``TrafficRecording/version``.
    package var version: Int
    /// When recording began, ISO 8601 in UTC.
    package var startedAt: String
    /// The most records the recorder kept.
    package var capacity: Int
    /// How many older records it let go.
    package var dropped: Int

    package init(startDate: Date, capacity: Int, dropped: Int) {
        format = TrafficRecording.format
        version = TrafficRecording.version
        startedAt = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(startDate)
        self.capacity = capacity
        self.dropped = dropped
    }
}
