/// The app's name and version, as discovery tells pages (D1).
public struct HostIdentity: Codable, Sendable, Hashable {
    /// The app's name, such as `Today`.
    public var name: String
    /// The app's version, such as `7.3.1`.
    public var version: String

    /// Creates an identity.
    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    /// The bridge itself, for apps that do not name themselves: `TodayBridge` and its version.
    public static let todayBridge = HostIdentity(name: "TodayBridge", version: TodayBridge.version)
}
