#if os(Linux)
/// The settings of the web views made from one configuration that pages can feel.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkpreferences>; of it, the emulation
/// has what decides whether a page may open a window.
@MainActor
public class WKPreferences: NSObject {
    /// Whether a page may open a window without a user's gesture (`window.open` from a script).
    /// Off by default, as on iOS (`defaultJavaScriptCanOpenWindowsAutomatically` in WebKit's
    /// `Source/WebKit/Shared/ios/WebPreferencesDefaultValuesIOS.mm`), whose web views the
    /// emulation stands for: WebKitGTK's `javascript-can-open-windows-automatically`.
    public var javaScriptCanOpenWindowsAutomatically = false

    public override init() {
        super.init()
    }
}
#endif
