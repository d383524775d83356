import Foundation
import TodayBridge

/// One bridge for the app, created by `NativeBridge.create`: the configuration, the app's
/// services behind the Kotlin host, and the app's own capabilities. Every web view connects to
/// it, so that token refreshes coalesce across them (T3).
final class AndroidBridge: HostedObject {
    let bridge: TodayBridge
    let host: HostChannel

    init(configuration json: [UInt8], host: HostChannel) throws {
        let configuration = try AndroidConfiguration(json: json)
        let hostServices = HostServices(channel: host)
        bridge = TodayBridge(
            configuration: try configuration.bridgeConfiguration,
            tokens: hostServices,
            analytics: hostServices,
            identity: AnalyticsIdentity(
                deviceID: configuration.deviceID,
                sessionID: configuration.sessionID ?? UUID().uuidString,
                userID: { await hostServices.userID() }
            )
        )
        self.host = host
        for capability in configuration.capabilities ?? [] {
            try register(capability)
        }
    }

    /// Registers one of the app's capabilities: its calls go to the host's `capability` service
    /// with the request and the sender's facts; the host's answer is the result.
    private func register(_ capability: AndroidConfiguration.Capability) throws {
        let host = host
        let type = capability.type
        try bridge.register(
            type, access: try capability.capabilityAccess, deadline: capability.deadline, summary: capability.summary
        ) { (request: JSONValue, context: CapabilityContext) -> JSONValue? in
            let call: JSONValue = .object([
                "type": .string(type),
                "request": request,
                "isMainFrame": .bool(context.sender.isMainFrame),
                "origin": context.sender.frameOrigin.map { .string($0.description) } ?? .null,
                "surface": context.surface.map { .string($0.name) } ?? .null,
            ])
            do {
                return try await host.call(.capability, call)
            } catch HostServiceError.failed(let reason) {
                throw BridgeError.failed(reason)  // the app's own message, as a Swift capability's BridgeError
            }
        }
    }

    /// Fails whatever the host has not answered yet; the bridge's web views are destroyed apart.
    func destroy() {
        host.failPendingCalls()
    }
}
