// Placeholder until the web build generates this file (make host-scripts).
import TodayBridge

extension HostScript where Configuration == WebKitGTKChannelConfiguration {
    package static let webKitGTKChannel = HostScript(source: "(function (configuration) {})")
}

extension HostScript where Configuration == WebKitGTKRelayConfiguration {
    package static let webKitGTKRelay = HostScript(source: "(function (configuration) {})")
}
