#if os(Linux)
import TodayBridge

extension BridgeDiagnostic.Code {
    /// WebKitGTK: a view of a context prepared for the web process extension
    /// (``WebKitGTKWebProcessExtension/prepare(_:directory:maxMessageBytes:)``) got a message through the relay, so
    /// the extension did not load in its web process (missing, or a module WebKit could not load):
    /// the main frame is identified by the relay and sub-frames are unidentified. Once per web view.
    public static let webProcessExtensionUnavailable = BridgeDiagnostic.Code(rawValue: "webProcessExtensionUnavailable")

    /// WebKitGTK: the web process extension could not define the channel's entry in a frame (its
    /// window already had a property of that name that could not be replaced), so that frame's
    /// messages do not reach the app. With the frame's kind, never the page's text.
    public static let channelEntryUnavailable = BridgeDiagnostic.Code(rawValue: "channelEntryUnavailable")
}
#endif
