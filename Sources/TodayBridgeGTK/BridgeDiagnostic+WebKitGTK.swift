#if os(Linux)
import TodayBridge

extension BridgeDiagnostic.Code {
    /// WebKitGTK: a view of a context prepared for the web process extension
    /// (``WebKitGTKWebProcessExtension/prepare(_:directory:)``) got a message through the relay, so
    /// the extension did not load in its web process (missing, or a module WebKit could not load):
    /// the main frame is identified by the relay and sub-frames are unidentified. Once per web view.
    public static let webProcessExtensionUnavailable = BridgeDiagnostic.Code(rawValue: "webProcessExtensionUnavailable")
}
#endif
