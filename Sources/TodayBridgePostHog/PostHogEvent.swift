import Foundation
import TodayBridge

/// One enriched `track` event as an item of PostHog's batch capture API.
///
/// `uuid` is the bridge's event id, so PostHog drops the copies a retry may send; `distinct_id`
/// is the user id when logged in, else the device id (and the event is then anonymous:
/// `$process_person_profile: false`, so PostHog makes no person profile for the device).
enum PostHogEvent {
    /// The `$lib` property.
    static let library = "today-webview-bridge"

    /// The JSON text of the batch item for `event`.
    static func item(for event: AnalyticsEvent) -> [UInt8] {
        var properties = event.properties
        properties["$lib"] = .string(library)
        if event.userID == nil { properties["$process_person_profile"] = false }
        let item: JSONValue = [
            "event": .string(event.name),
            "uuid": .string(event.id),
            "distinct_id": .string(event.userID ?? event.deviceID),
            "timestamp": .string(timestamp(event.timestamp)),
            "properties": .object(properties),
        ]
        return Array(item.jsonString.utf8)
    }

    /// ISO 8601 in UTC with milliseconds, as PostHog reads it.
    static func timestamp(_ date: Date) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }

    /// The request body: `{"api_key":…,"sent_at":…,"batch":[items]}`. The items are already JSON.
    static func batchBody(apiKey: String, sentAt: Date, items: [[UInt8]]) -> [UInt8] {
        let head: JSONValue = ["api_key": .string(apiKey), "sent_at": .string(timestamp(sentAt))]
        var body = Array(head.jsonString.utf8.dropLast())  // without the closing brace
        body += Array(#","batch":["#.utf8)
        for (index, item) in items.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body += item
        }
        body += Array("]}".utf8)
        return body
    }
}
