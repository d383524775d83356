#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ids the host adds to every `track` event: device, app session and user (T1).
public struct AnalyticsIdentity: Sendable {
    /// The device id (`did`).
    public var deviceID: String
    /// The app session id (`sid`); a new UUID per process by default.
    public var sessionID: String
    /// The user id (`uid`) when logged in, else `nil`.
    public var userID: @Sendable () async -> String?
    /// The IANA time zone (`tz`); the device's by default.
    public var timeZone: @Sendable () -> String

    /// Creates the identity; only the device id is required.
    public init(
        deviceID: String,
        sessionID: String = UUID().uuidString,
        userID: @escaping @Sendable () async -> String? = { nil },
        timeZone: @escaping @Sendable () -> String = { TimeZone.current.identifier }
    ) {
        self.deviceID = deviceID
        self.sessionID = sessionID
        self.userID = userID
        self.timeZone = timeZone
    }
}
