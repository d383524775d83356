import TodayBridge
import TodayBridgeChromium

/// The benchmarks' baseline on Android's channel: a second web message listener,
/// `window.todayRawEchoNative`, with its own shim presenting `window.todayRawEcho`, whose
/// requests are answered at once by slicing the text: no parsing and no core.
enum ChromiumRawEcho {
    static let channel = "todayRawEcho"

    static func install(on webView: EmulatedWebView) async throws {
        let binding = channel + "Native"
        try await webView.addWebMessageListener(binding, allowedOriginRules: ["*"]) { _, message, _, _, replyProxy in
            guard let reply = reply(to: message) else { return }
            Task { await replyProxy.postMessage(reply) }
        }
        let shim = HostScript.androidShim.invocation(AndroidShimConfiguration(bindingName: binding, channelName: channel, maxMessageBytes: .max))
        try await webView.addDocumentStartJavaScript(shim, allowedOriginRules: ["*"])
    }

    /// `{"id":N,"message":M}` answered `{"id":N,"value":M}`.
    static func reply(to request: String) -> String? {
        guard request.hasPrefix(#"{"id":"#), let marker = request.range(of: #","message":"#) else { return nil }
        return request[..<marker.lowerBound] + #","value":"# + request[marker.upperBound...]
    }
}
