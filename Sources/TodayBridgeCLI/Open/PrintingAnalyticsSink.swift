import Foundation
import TodayBridge

/// Prints each forwarded analytics event to standard output as one JSON object per line.
struct PrintingAnalyticsSink: AnalyticsSink {
    func record(_ event: AnalyticsEvent) async throws {
        var line = event.properties
        line["event"] = .string(event.name)
        line["eid"] = .string(event.id)
        FileHandle.standardOutput.write(Data((JSONValue.object(line).jsonString + "\n").utf8))
    }
}
