@_spi(Tools) import TodayBridge

/// `Tools/inspector/src/timeline.ts`: the traffic inspector's page and the recording it draws (X5).
package struct InspectorConfiguration: Codable, Sendable {
    /// The page's title.
    package var title: String
    package var header: TrafficRecordingHeader
    package var records: [TrafficRecord]

    package init(title: String, recording: TrafficRecording) {
        self.title = title
        header = recording.header
        records = recording.records
    }
}
