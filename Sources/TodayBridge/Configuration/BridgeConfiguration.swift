/// Everything about a bridge that is configuration rather than a service.
///
/// ```swift
/// var configuration = BridgeConfiguration(platform: .ios)
/// configuration.surfaces = [try TrustedSurface(name: "feed", origins: ["https://feed.example.com"])]
/// configuration.limits.defaultDeadline = 10
/// ```
public struct BridgeConfiguration: Sendable {
    /// The platform announced to pages (C7).
    public var platform: Platform
    /// The channel's name: `window.webkit.messageHandlers.<name>` or `window.<name>` (C1).
    public var channelName: String
    /// The surfaces whose pages may receive credentials (S2).
    public var surfaces: [TrustedSurface]
    /// Bounds on messages, calls and buffers (X7).
    public var limits: BridgeLimits
    /// Checks applied to `track` events (T1).
    public var trackValidation: TrackValidation
    /// The app's name and version, told to pages that ask what the host offers (D1).
    public var host: HostIdentity

    /// The channel's name unless configured: `todayWebViewBridge` (C1).
    public static let defaultChannelName = "todayWebViewBridge"

    /// Creates a configuration with the default channel name, no surfaces, default limits, and
    /// the bridge's own name and version as the host's.
    public init(
        platform: Platform,
        channelName: String = BridgeConfiguration.defaultChannelName,
        surfaces: [TrustedSurface] = [],
        limits: BridgeLimits = BridgeLimits(),
        trackValidation: TrackValidation = TrackValidation(),
        host: HostIdentity = .todayBridge
    ) {
        self.platform = platform
        self.channelName = channelName
        self.surfaces = surfaces
        self.limits = limits
        self.trackValidation = trackValidation
        self.host = host
    }
}
