// Placeholder until the web build generates this file (make host-scripts).
import TodayBridge

extension HostScript where Configuration == ChromiumWebViewConfiguration {
    package static let chromiumWebView = HostScript(source: "(function (configuration) {})")
}

extension HostScript where Configuration == ChromiumWebMessageReplyConfiguration {
    package static let chromiumWebMessageReply = HostScript(source: "(function (configuration) {})")
}
