import Foundation
import TodayBridge

/// Prints each forwarded analytics event to standard output as one JSON object per line.
struct PrintingAnalyticsSink: AnalyticsSink {
    func record(_ event: AnalyticsEvent) async throws {
        try await record([event])
    }

    /// One write for the whole batch.
    func record(_ events: [AnalyticsEvent]) async throws {
        let lines = events.map { event in
            var line = event.properties
            line["event"] = .string(event.name)
            line["eid"] = .string(event.id)
            return JSONValue.object(line).jsonString + "\n"
        }
        FileHandle.standardOutput.write(Data(lines.joined().utf8))
    }
}
