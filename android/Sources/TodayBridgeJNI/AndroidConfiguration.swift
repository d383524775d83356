import Foundation
import TodayBridge

/// The bridge's configuration as the Kotlin glue sends it to `NativeBridge.create`, as JSON.
///
/// Only `deviceID` is required; everything else has the core's defaults. The platform is always
/// `android`.
struct AndroidConfiguration: Decodable {
    var channelName: String?
    var surfaces: [Surface]?
    var host: HostIdentity?
    var deviceID: String
    var sessionID: String?
    var limits: Limits?
    /// The app's own capabilities, answered through the `capability` service.
    var capabilities: [Capability]?

    struct Surface: Decodable {
        var name: String
        var origins: [String]
        var pathPrefixes: [String]?
        var extraHeaders: [String: String]?
    }

    struct Limits: Decodable {
        var maxMessageBytes: Int?
        var maxCallsInFlight: Int?
        var defaultDeadline: Double?
    }

    struct Capability: Decodable {
        var type: String
        var access: String
        var deadline: Double?
        var summary: String?
    }

    /// Reads the configuration, refusing what the core would refuse.
    init(json: [UInt8]) throws {
        let value = try JSONValue(utf8: json)
        self = try JSONValueDecoder().decode(AndroidConfiguration.self, from: value)
    }

    var bridgeConfiguration: BridgeConfiguration {
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
    var capabilityAccess: CapabilityAccess {
        get throws {
            guard let access = CapabilityAccess(rawValue: access) else {
                throw BridgeConfigurationError("capability \"\(type)\": access \"\(access)\" is not one of anyFrame, mainFrame, trustedSurface")
            }
            return access
        }
    }
}
