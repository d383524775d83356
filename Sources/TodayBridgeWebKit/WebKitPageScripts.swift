#if canImport(WebKit)
import TodayBridge
import WebKit

/// The scripts the adapter installs, built from `web/host/` (C1, C7, C8, S4), and where they
/// run.
///
/// The main frame's channel (page world) hands each message to the relay (the bridge's own content
/// world, where no page script reaches), which posts it to a handler registered in that world
/// alone, with its document's token, and tells the adapter when its document begins and when it
/// comes back from the back-forward cache. A sub-frame's channel posts each message's text to
/// WebKit's own handler. The app's navigation delegate stays the app's own.
enum WebKitPageScripts {
    /// The bridge's content world: the relay and its handler.
    @MainActor static var world: WKContentWorld { .world(name: "today-webview-bridge") }

    /// The relay's handler name, registered in ``world`` only.
    static func relayHandler(channel: String) -> String { channel + "Relay" }

    /// Main frame, page world, document start: the platform tag (C7).
    static func platformTag(_ platform: Platform) -> String {
        HostScript.platformTag.invocation(PlatformTagConfiguration(platform: platform))
    }

    /// Every frame, page world, document start: the channel, over the relay in the main frame,
    /// over WebKit's own handler in a sub-frame (C1).
    static func channel(_ channel: String, maxMessageBytes: Int) -> String {
        HostScript.webKitChannel.invocation(
            WebKitChannelConfiguration(channelName: channel, maxMessageBytes: Double(maxMessageBytes)))
    }

    /// Main frame, ``world``, document start: the relay, which tells each document apart (S4).
    static func relay(handler: String, maxMessageBytes: Int) -> String {
        HostScript.webKitRelay.invocation(
            WebKitRelayConfiguration(handlerName: handler, maxMessageBytes: Double(maxMessageBytes)))
    }
}
#endif
