import Foundation
import Testing
import TodayBridge
@testable import TodayBridgePostHog

@Suite("PostHog events: the batch item and request body")
struct PostHogEventTests {
    private func event(userID: String?) -> AnalyticsEvent {
        AnalyticsEvent(
            name: "checkout", id: "0f8fad5b-d9cb-469f-a165-70867728950e",
            timestamp: Date(timeIntervalSince1970: 1_795_392_000.25), userID: userID, deviceID: "device-1",
            properties: ["eid": "0f8fad5b-d9cb-469f-a165-70867728950e", "step": 2, "did": "device-1"]
        )
    }

    private func item(_ event: AnalyticsEvent) throws -> JSONValue {
        try JSONValue(parsing: String(decoding: PostHogEvent.item(for: event), as: UTF8.self))
    }

    @Test("T1 uuid is the event id, distinct_id the user id, the timestamp ISO 8601 with milliseconds")
    func loggedIn() throws {
        let item = try item(event(userID: "user-7"))
        #expect(item["event"] == "checkout")
        #expect(item["uuid"] == "0f8fad5b-d9cb-469f-a165-70867728950e")
        #expect(item["distinct_id"] == "user-7")
        #expect(item["timestamp"] == "2026-11-23T00:00:00.250Z")
        #expect(item["properties"]?["step"] == 2)
        #expect(item["properties"]?["$lib"] == "today-webview-bridge")
        #expect(item["properties"]?["$process_person_profile"] == nil)
    }

    @Test("T1 without a user the device id is the distinct_id and no person profile is made")
    func anonymous() throws {
        let item = try item(event(userID: nil))
        #expect(item["distinct_id"] == "device-1")
        #expect(item["properties"]?["$process_person_profile"] == false)
    }

    @Test("T1 the body carries the key, sent_at and the items as they were queued")
    func body() throws {
        let items = [PostHogEvent.item(for: event(userID: nil)), PostHogEvent.item(for: event(userID: "u"))]
        let body = PostHogEvent.batchBody(apiKey: "phc_test", sentAt: Date(timeIntervalSince1970: 1_795_392_001), items: items)
        let parsed = try JSONValue(parsing: String(decoding: body, as: UTF8.self))
        #expect(parsed["api_key"] == "phc_test")
        #expect(parsed["sent_at"] == "2026-11-23T00:00:01.000Z")
        #expect(parsed["batch"]?.arrayValue?.count == 2)
        #expect(parsed["batch"]?.arrayValue?.last?["distinct_id"] == "u")
    }
}
