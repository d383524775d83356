import Foundation
import TodayBridge

/// One enriched `track` event as an item of PostHog's batch capture API, with PostHog's own
/// property names beside the bridge's (the PostHog article lists them and why).
///
/// `uuid` is the bridge's event id (a UUIDv7), so PostHog drops the copies a retry may send;
/// `distinct_id` is the user id when logged in, else the anonymous id (and the event is then
/// anonymous: `$process_person_profile: false`, so PostHog makes no person profile for it).
enum PostHogEvent {
    /// The JSON text of the batch item for `event`.
    static func item(for event: AnalyticsEvent, anonymousID: String, context: PostHogContext) -> [UInt8] {
        var properties = event.properties
        properties.merge(context.properties) { _, ours in ours }
        properties["$device_id"] = .string(event.deviceID)
        properties["$session_id"] = event.properties["sid"]
        if case .string(let page)? = event.properties["ctx"]?["page"], let url = URLComponents(string: page) {
            properties["$current_url"] = .string(page)
            properties["$host"] = url.host.map(JSONValue.string)
            properties["$pathname"] = .string(url.path.isEmpty ? "/" : url.path)
        }
        if event.userID == nil { properties["$process_person_profile"] = false }
        return item(
            name: event.name, uuid: event.id, distinctID: event.userID ?? anonymousID, timestamp: event.timestamp,
            properties: properties)
    }

    /// The `$identify` that links `identify.anonymousID`'s events to `identify.userID`, as
    /// posthog-ios and posthog-android send it, just before `event`.
    static func identify(
        _ identify: PostHogIdentity.Identify, before event: AnalyticsEvent, context: PostHogContext
    ) -> [UInt8] {
        var properties = context.properties
        properties["$anon_distinct_id"] = .string(identify.anonymousID)
        properties["$device_id"] = .string(event.deviceID)
        properties["$session_id"] = event.properties["sid"]
        let milliseconds = (event.timestamp.timeIntervalSince1970 * 1000).rounded(.down)
        return item(
            name: "$identify", uuid: AnalyticsEventID.timeOrdered(milliseconds: [milliseconds])[0],
            distinctID: identify.userID,
            timestamp: event.timestamp, properties: properties
        )
    }

    private static func item(
        name: String, uuid: String, distinctID: String, timestamp: Date, properties: [String: JSONValue]
    ) -> [UInt8] {
        let item: JSONValue = [
            "event": .string(name),
            "uuid": .string(uuid),
            "distinct_id": .string(distinctID),
            "timestamp": .string(self.timestamp(timestamp)),
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
