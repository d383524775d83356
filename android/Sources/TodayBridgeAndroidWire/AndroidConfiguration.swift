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
package struct AndroidConfiguration: Codable, Sendable {
    package var channelName: String?
    package var surfaces: [Surface]?
    package var host: HostIdentity?
    package var deviceID: String
    package var sessionID: String?
    package var limits: Limits?
    /// The app's own capabilities, answered through the `capability` service.
    package var capabilities: [Capability]?

    /// A trusted surface (S2): origin rules in `addWebMessageListener`'s grammar.
    package struct Surface: Codable, Sendable {
        package var name: String
        package var origins: [String]
        package var pathPrefixes: [String]?
        package var extraHeaders: [String: String]?
    }

    /// The limits the app changes (X7, C5); the others keep the core's defaults.
    package struct Limits: Codable, Sendable {
        package var maxMessageBytes: Int?
        package var maxCallsInFlight: Int?
        package var defaultDeadline: Double?
    }

    /// One of the app's capabilities (X1): its access level is one of ``CapabilityAccess``'s raw values.
    package struct Capability: Codable, Sendable {
        package var type: String
        package var access: String
        package var deadline: Double?
        package var summary: String?
    }

    /// The configuration as the core reads it, refusing what the core would refuse.
    package var bridgeConfiguration: BridgeConfiguration {
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
    package var capabilityAccess: CapabilityAccess {
        get throws {
            guard let access = CapabilityAccess(rawValue: access) else {
                throw BridgeConfigurationError("capability \"\(type)\": access \"\(access)\" is not one of anyFrame, mainFrame, trustedSurface")
            }
            return access
        }
    }
}
