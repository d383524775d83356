#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Adds the host's base fields to accepted events; they win over page parameters of the same
/// name (T1): `eid`, `sid`, `ts`, `tz`, `uid`, `did`, `client_plat`, `ctx`.
struct AnalyticsEnricher: Sendable {
    let identity: AnalyticsIdentity
    let platform: Platform

    /// The batch's events, enriched; the user id and time zone are read once per batch.
    func events(for batch: ArraySlice<AnalyticsTracker.Accepted>) async -> [AnalyticsEvent] {
        let userID = await identity.userID()
        let timeZone = JSONValue.string(identity.timeZone())
        let session = JSONValue.string(identity.sessionID), device = JSONValue.string(identity.deviceID)
        let platform = JSONValue.string(platform.rawValue)
        return zip(batch, AnalyticsEventID.timeOrdered(milliseconds: batch.map(\.milliseconds))).map { accepted, id in
            var properties = accepted.parameters
            properties.reserveCapacity(properties.count + 8)
            properties["eid"] = .string(id)
            properties["sid"] = session
            properties["ts"] = .number(accepted.milliseconds)
            properties["tz"] = timeZone
            properties["uid"] = userID.map(JSONValue.string)
            properties["did"] = device
            properties["client_plat"] = platform
            properties["ctx"] = accepted.origin.jsonValue
            return AnalyticsEvent(
                name: accepted.name, id: id, timestamp: Date(timeIntervalSince1970: accepted.milliseconds / 1000),
                userID: userID, deviceID: identity.deviceID, properties: properties
            )
        }
    }
}
