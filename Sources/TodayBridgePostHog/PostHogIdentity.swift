import TodayBridge

/// Who PostHog sees, as posthog-ios and posthog-android keep it: an anonymous id until a user id
/// appears, then the user id, with one `$identify` linking the two; a logout starts a new
/// anonymous id (their `reset()`).
///
/// The first anonymous id is the device id, as 0.1 sent it, so an upgrade keeps anonymous history.
struct PostHogIdentity: Codable, Hashable, Sendable {
    /// The anonymous distinct id after a reset; `nil` until one: the device id.
    var anonymousID: String?
    /// The user id events were last seen with.
    var userID: String?

    /// An `$identify` to send: the user's id and the anonymous id it takes over.
    struct Identify: Hashable {
        var userID: String
        var anonymousID: String
    }

    /// The anonymous distinct id of a device.
    func anonymousID(device deviceID: String) -> String {
        anonymousID ?? deviceID
    }

    /// Hears an event's user id: a user appearing (or another user, after a reset) is identified
    /// once; a logout resets.
    mutating func observe(userID: String?, deviceID: String) -> Identify? {
        guard userID != self.userID else { return nil }
        if self.userID != nil { reset() }
        self.userID = userID
        return userID.map { Identify(userID: $0, anonymousID: anonymousID(device: deviceID)) }
    }

    /// Forgets the user and starts a new anonymous id.
    mutating func reset() {
        userID = nil
        anonymousID = AnalyticsEventID.now()
    }
}
