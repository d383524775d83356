import Foundation
import TodayBridge

/// One request to the capture server's `/batch/`, as PostHog's batch API would read it.
package struct CaptureBatch: Sendable {
    /// The project API key.
    package var apiKey: String
    /// When the client sent it, as it said (ISO 8601).
    package var sentAt: String
    /// The events, each checked against the shape PostHog needs.
    package var events: [JSONValue]

    /// Reads `body`; throws a reason when PostHog would refuse it with 400.
    package init(body: [UInt8]) throws(CaptureBatchError) {
        guard let object = try? JSONValue(parsing: String(decoding: body, as: UTF8.self), limits: .init(maxBytes: 64 << 20, maxDepth: 64)),
              case .object = object
        else { throw CaptureBatchError("the body is not a JSON object") }
        guard case .string(let apiKey)? = object["api_key"], !apiKey.isEmpty else { throw CaptureBatchError("no api_key") }
        guard case .string(let sentAt)? = object["sent_at"], Self.isTimestamp(sentAt) else { throw CaptureBatchError("no ISO 8601 sent_at") }
        guard case .array(let events)? = object["batch"], !events.isEmpty else { throw CaptureBatchError("no events in batch") }
        for event in events { try Self.check(event) }
        self.apiKey = apiKey
        self.sentAt = sentAt
        self.events = events
    }

    private static func check(_ event: JSONValue) throws(CaptureBatchError) {
        guard case .string(let name)? = event["event"], !name.isEmpty else { throw CaptureBatchError("an event has no name") }
        guard case .string(let uuid)? = event["uuid"], UUID(uuidString: uuid) != nil else { throw CaptureBatchError("\(name): no valid uuid") }
        guard case .string(let distinctID)? = event["distinct_id"], !distinctID.isEmpty else { throw CaptureBatchError("\(name): no distinct_id") }
        guard case .string(let timestamp)? = event["timestamp"], isTimestamp(timestamp) else { throw CaptureBatchError("\(name): no ISO 8601 timestamp") }
        guard case .object(let properties)? = event["properties"] else { throw CaptureBatchError("\(name): properties is not an object") }
        guard properties["eid"] == .string(uuid) else { throw CaptureBatchError("\(name): uuid differs from the event id") }
    }

    private static func isTimestamp(_ text: String) -> Bool {
        (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)) != nil
    }
}

/// Why a batch would be refused.
package struct CaptureBatchError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}
