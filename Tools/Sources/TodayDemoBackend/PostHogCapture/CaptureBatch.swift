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
    /// The request's `User-Agent`.
    package var userAgent: String?
    /// The request's `Content-Encoding` (`gzip`, or `nil` for plain JSON).
    package var contentEncoding: String?

    /// Reads `body` (decoding gzip first when `contentEncoding` says so); throws a reason when
    /// PostHog would refuse it with 400.
    package init(body: [UInt8], contentEncoding: String? = nil, userAgent: String? = nil) throws(CaptureBatchError) {
        self.userAgent = userAgent
        self.contentEncoding = contentEncoding
        var body = body
        switch contentEncoding?.lowercased() {
        case nil, "identity"?:
            break
        case "gzip"?:
            guard let decoded = GzipBody.decode(body, limit: 64 << 20) else {
                throw CaptureBatchError("the body is not gzip")
            }
            body = decoded
        case let encoding?:
            throw CaptureBatchError("unknown Content-Encoding \(encoding)")
        }
        guard
            let object = try? JSONValue(
                parsing: String(decoding: body, as: UTF8.self), limits: .init(maxBytes: 64 << 20, maxDepth: 64)),
            case .object = object
        else { throw CaptureBatchError("the body is not a JSON object") }
        guard case .string(let apiKey)? = object["api_key"], !apiKey.isEmpty else {
            throw CaptureBatchError("no api_key")
        }
        guard case .string(let sentAt)? = object["sent_at"], Self.isTimestamp(sentAt) else {
            throw CaptureBatchError("no ISO 8601 sent_at")
        }
        guard case .array(let events)? = object["batch"], !events.isEmpty else {
            throw CaptureBatchError("no events in batch")
        }
        for event in events { try Self.check(event) }
        self.apiKey = apiKey
        self.sentAt = sentAt
        self.events = events
    }

    private static func check(_ event: JSONValue) throws(CaptureBatchError) {
        guard case .string(let name)? = event["event"], !name.isEmpty else {
            throw CaptureBatchError("an event has no name")
        }
        guard case .string(let uuid)? = event["uuid"], UUID(uuidString: uuid) != nil else {
            throw CaptureBatchError("\(name): no valid uuid")
        }
        guard case .string(let distinctID)? = event["distinct_id"], !distinctID.isEmpty else {
            throw CaptureBatchError("\(name): no distinct_id")
        }
        guard case .string(let timestamp)? = event["timestamp"], isTimestamp(timestamp) else {
            throw CaptureBatchError("\(name): no ISO 8601 timestamp")
        }
        guard case .object? = event["properties"] else {
            throw CaptureBatchError("\(name): properties is not an object")
        }
    }

    /// ISO 8601 with seconds, any fraction and a zone, as PostHog reads it (the sink sends
    /// `…T00:00:00.250Z`, posthog-python `…T00:00:00.250000+00:00`).
    private static func isTimestamp(_ text: String) -> Bool {
        text.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})/) != nil
    }
}

/// Why a batch would be refused.
package struct CaptureBatchError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}
