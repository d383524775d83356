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
            properties: [
                "eid": "0f8fad5b-d9cb-469f-a165-70867728950e", "step": 2, "did": "device-1", "sid": "session-1",
                "ctx": ["surface": "feed", "page": "https://app.example/shop/cart", "frame": "main"],
            ]
        )
    }

    private let context = PostHogContext(osName: "iOS", osVersion: "18.2.0", appVersion: "3.1")

    private func item(_ event: AnalyticsEvent) throws -> JSONValue {
        try JSONValue(
            parsing: String(
                decoding: PostHogEvent.item(for: event, anonymousID: "anon-1", context: context), as: UTF8.self))
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

    @Test("T1 PostHog's own properties beside the bridge's: session, device, page, system, app, library")
    func posthogProperties() throws {
        let properties = try #require(try item(event(userID: "user-7"))["properties"])
        #expect(properties["$session_id"] == "session-1")
        #expect(properties["$device_id"] == "device-1")
        #expect(properties["$current_url"] == "https://app.example/shop/cart")
        #expect(properties["$host"] == "app.example")
        #expect(properties["$pathname"] == "/shop/cart")
        #expect(properties["$os"] == "iOS" && properties["$os_version"] == "18.2.0")
        #expect(properties["$app_version"] == "3.1")
        #expect(
            properties["$lib"] == "today-webview-bridge" && properties["$lib_version"] == .string(TodayBridge.version))
        #expect(properties["sid"] == "session-1" && properties["did"] == "device-1", "the bridge's own keys stay")
        #expect(context.userAgent == "today-webview-bridge/\(TodayBridge.version)")
    }

    @Test("T1 $identify names the user and the anonymous id it takes over, with a UUIDv7 of its own")
    func identify() throws {
        let bytes = PostHogEvent.identify(
            .init(userID: "user-7", anonymousID: "anon-1"), before: event(userID: "user-7"), context: context)
        let item = try JSONValue(parsing: String(decoding: bytes, as: UTF8.self))
        #expect(item["event"] == "$identify")
        #expect(item["distinct_id"] == "user-7")
        #expect(item["properties"]?["$anon_distinct_id"] == "anon-1")
        #expect(item["properties"]?["$device_id"] == "device-1")
        let uuid = try #require(item["uuid"]?.stringValue)
        #expect(Array(uuid)[14] == "7" && uuid != "0f8fad5b-d9cb-469f-a165-70867728950e")
        #expect(item["timestamp"] == "2026-11-23T00:00:00.250Z")
    }

    @Test("T1 without a user the anonymous id is the distinct_id and no person profile is made")
    func anonymous() throws {
        let item = try item(event(userID: nil))
        #expect(item["distinct_id"] == "anon-1")
        #expect(item["properties"]?["$process_person_profile"] == false)
    }

    @Test("T1 the body carries the key, sent_at and the items as they were queued")
    func body() throws {
        let items = [event(userID: nil), event(userID: "u")].map {
            PostHogEvent.item(for: $0, anonymousID: "anon-1", context: context)
        }
        let body = PostHogEvent.batchBody(
            apiKey: "phc_test", sentAt: Date(timeIntervalSince1970: 1_795_392_001), items: items)
        let parsed = try JSONValue(parsing: String(decoding: body, as: UTF8.self))
        #expect(parsed["api_key"] == "phc_test")
        #expect(parsed["sent_at"] == "2026-11-23T00:00:01.000Z")
        #expect(parsed["batch"]?.arrayValue?.count == 2)
        #expect(parsed["batch"]?.arrayValue?.last?["distinct_id"] == "u")
    }
}
