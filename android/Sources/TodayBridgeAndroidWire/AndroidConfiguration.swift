#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TodayBridge

/// The bridge's configuration as the Kotlin glue sends it to `NativeBridge.create`, as JSON.
///
/// Only `deviceID` is required; everything else has the core's defaults. The platform is always
/// `android`.
public struct AndroidConfiguration: Codable, Sendable {
    public var channelName: String?
    public var surfaces: [Surface]?
    public var host: HostIdentity?
    public var deviceID: String
    public var sessionID: String?
    public var limits: Limits?
    /// The app's own capabilities, answered through the `capability` service.
    public var capabilities: [Capability]?
    /// The app's own streaming capabilities (ST1–ST5), produced through the `stream` service.
    public var streams: [Capability]?

    /// A trusted surface (S2): origin rules in `addWebMessageListener`'s grammar.
    public struct Surface: Codable, Sendable {
        public var name: String
        public var origins: [String]
        public var pathPrefixes: [String]?
        public var extraHeaders: [String: String]?
    }

    /// The limits the app changes (X7, C5); the others keep the core's defaults.
    public struct Limits: Codable, Sendable {
        public var maxMessageBytes: Int?
        public var maxCallsInFlight: Int?
        public var defaultDeadline: Double?
    }

    /// One of the app's capabilities (X1): its access level is one of ``CapabilityAccess``'s raw values.
    public struct Capability: Codable, Sendable {
        public var type: String
        public var access: String
        public var deadline: Double?
        public var summary: String?
    }

    /// The configuration as the core reads it, refusing what the core would refuse.
    public var bridgeConfiguration: BridgeConfiguration {
        get throws {
            var configuration = BridgeConfiguration(platform: .android, host: host ?? .todayBridge)
            if let channelName { configuration.channelName = channelName }
            configuration.surfaces = try (surfaces ?? []).map { surface in
                try TrustedSurface(
                    name: surface.name, origins: surface.origins,
                    pathPrefixes: surface.pathPrefixes ?? [], extraHeaders: surface.extraHeaders ?? [:]
                )
            }
            if let limits {
                if let bytes = limits.maxMessageBytes { configuration.limits.maxMessageBytes = bytes }
                if let calls = limits.maxCallsInFlight { configuration.limits.maxCallsInFlight = calls }
                if let deadline = limits.defaultDeadline { configuration.limits.defaultDeadline = deadline }
            }
            return configuration
        }
    }
}

extension AndroidConfiguration.Capability {
    public var capabilityAccess: CapabilityAccess {
        get throws {
            guard let access = CapabilityAccess(rawValue: access) else {
                throw BridgeConfigurationError(
                    "capability \"\(type)\": access \"\(access)\" is not one of anyFrame, mainFrame, trustedSurface")
            }
            return access
        }
    }
}
