#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `track` event after validation and enrichment, as the analytics sink receives it (T1).
///
/// ``properties`` holds the page's scalar parameters and the host's base fields (`eid`, `sid`,
/// `ts`, `tz`, `uid`, `did`, `client_plat`, `ctx`); base fields win over parameters of the same
/// name.
public struct AnalyticsEvent: Sendable, Hashable, Codable {
    /// The event name.
    public var name: String
    /// The unique event id (also `properties["eid"]`); sinks use it to de-duplicate retries.
    public var id: String
    /// When the page sent the event (also `properties["ts"]`, in epoch milliseconds).
    public var timestamp: Date
    /// The user id when logged in, else `nil`.
    public var userID: String?
    /// The device id.
    public var deviceID: String
    /// Parameters and base fields.
    public var properties: [String: JSONValue]

    /// Creates an event.
    public init(
        name: String, id: String, timestamp: Date, userID: String?, deviceID: String, properties: [String: JSONValue]
    ) {
        self.name = name
        self.id = id
        self.timestamp = timestamp
        self.userID = userID
        self.deviceID = deviceID
        self.properties = properties
    }
}

extension AnalyticsEvent: JSONValueWritable {
    /// The event as its `Encodable` conformance writes it through ``JSONValueEncoder`` (the
    /// timestamp in epoch milliseconds, no `userID` when logged out), without the encoder: a host
    /// in another language receives every batch this way (the Android library's `recordEvents`).
    package var jsonValue: JSONValue {
        var fields: [String: JSONValue] = [
            "name": .string(name), "id": .string(id),
            "timestamp": .number((timestamp.timeIntervalSince1970 * 1000).rounded()),
            "deviceID": .string(deviceID), "properties": .object(properties),
        ]
        fields["userID"] = userID.map(JSONValue.string)
        return .object(fields)
    }
}

extension AnalyticsEvent {
    /// Appends the event's JSON with each object's members in no particular order (no sorting, no
    /// `String`): for a batch that a host in another language parses (the Android library's
    /// `recordEvents`), the drain's main work per event.
    @_spi(Adapters) public func writeJSON(to output: inout [UInt8]) {
        jsonValue.write(to: &output, sortingKeys: false)
    }
}
