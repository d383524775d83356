#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@_spi(Adapters) import TodayBridge
import TodayBridgeAndroidWire

/// One bridge for the app, created by `NativeBridge.create`: the configuration, the app's
/// services behind the Kotlin host, and the app's own capabilities. Every web view connects to
/// it, so that token refreshes coalesce across them (T3). The core's diagnostics go to the host
/// as they happen, on the thread that reports them.
final class AndroidBridge: HostedObject {
    let bridge: TodayBridge
    let host: HostChannel
    let services: HostServices
    private let diagnostics: Int

    init(configuration json: [UInt8], host: HostChannel) throws {
        let configuration = try JSONValueDecoder().decode(AndroidConfiguration.self, from: JSONValue(utf8: json))
        let services = HostServices(channel: host)
        bridge = TodayBridge(
            configuration: try configuration.bridgeConfiguration,
            tokens: services,
            analytics: services,
            identity: AnalyticsIdentity(
                deviceID: configuration.deviceID,
                sessionID: configuration.sessionID ?? UUID().uuidString,
                userID: { await services.userID() }
            )
        )
        self.host = host
        self.services = services
        diagnostics = bridge.listenToDiagnostics { diagnostic in
            guard let arguments = try? JSONValueEncoder().encode(HostDiagnostic(diagnostic)) else { return }
            host.notify(.diagnostic, arguments)
        }
        for capability in configuration.capabilities ?? [] {
            try register(capability)
        }
        for stream in configuration.streams ?? [] {
            try registerStream(stream)
        }
    }

    /// Registers one of the app's streaming capabilities (ST1–ST5): each stream the page opens is
    /// an ``AndroidStream``, which the host's `stream` service produces.
    private func registerStream(_ capability: AndroidConfiguration.Capability) throws {
        let host = host
        let type = capability.type
        try bridge.registerStream(
            type, access: try capability.capabilityAccess, deadline: capability.deadline, summary: capability.summary
        ) { (request: JSONValue, context: CapabilityContext) -> AndroidStream in
            AndroidStream.open(
                CapabilityCallArguments(
                    type: type, request: request, isMainFrame: context.sender.isMainFrame,
                    origin: context.sender.frameOrigin?.description, surface: context.surface?.name),
                host: host)
        }
    }

    /// Registers one of the app's capabilities: its calls go to the host's `capability` service
    /// with the request and the sender's facts; the host's answer is the result. The app's
    /// structured error crosses with its code (X2); any other failure is a native one, whose text
    /// never reaches the page.
    private func register(_ capability: AndroidConfiguration.Capability) throws {
        let host = host
        let type = capability.type
        try bridge.register(
            type, access: try capability.capabilityAccess, deadline: capability.deadline, summary: capability.summary
        ) { (request: JSONValue, context: CapabilityContext) -> HostAnswer in
            let call = CapabilityCallArguments(
                type: type, request: request, isMainFrame: context.sender.isMainFrame,
                origin: context.sender.frameOrigin?.description, surface: context.surface?.name
            )
            do {
                return HostAnswer(
                    answer: try await host.call(.capability, try JSONValueEncoder().encode(call) ?? .null))
            } catch HostServiceError.failed(let failure) {
                guard let code = failure.code else { throw HostServiceError.failed(failure) }
                throw BridgeError(
                    code: BridgeError.Code(rawValue: code), message: failure.message,
                    recoverable: failure.recoverable ?? false)
            }
        }
    }

    /// Fails whatever the host has not answered yet; the bridge's web views are closed apart.
    func destroy() {
        bridge.stopListeningToDiagnostics(diagnostics)
        host.failPendingCalls()
    }
}

/// The host's answer to a capability call: its JSON value, or nothing (`undefined`) when it
/// answered none (the app's handler returned null).
struct HostAnswer: Codable, Sendable, JSONValueAnswer {
    var answer: JSONValue?
}
