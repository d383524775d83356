#if os(Linux)
import CWebKitGTK

/// A page's new window (`window.open`, a link with a target): the app's UI delegate makes its view
/// from the configuration WebKit hands over, whose related view is this one, as WebKit's
/// `UIDelegate::UIClient::createNewPage` (`Source/WebKit/UIProcess/Cocoa/UIDelegate.mm`) sets
/// `_relatedWebView`: the new page shares the opener's web process, so it may keep the opener's
/// JavaScript objects (and the opener the new page's). WebKitGTK's `create` signal requires such a
/// view (`webkit_web_view_new_with_related_view`).
extension WKWebView {
    /// The `create` signal: the app's view for the new window, with a reference for WebKitGTK
    /// (the signal's return value is owned by its caller), or `nil` to refuse the window.
    func createWebView(for action: OpaquePointer) -> Incoming? {
        let configuration: WKWebViewConfiguration = ownConfiguration.copy()
        configuration.relatedWebView = self
        guard let delegate = uiDelegate,
            let created = delegate.webView(
                self, createWebViewWith: configuration, for: WKNavigationAction(action, targetFrame: nil),
                windowFeatures: WKWindowFeatures())
        else {
            return nil
        }
        // WebKit raises NSInternalInconsistencyException: "Returned WKWebView was not created
        // with the given configuration."
        precondition(
            created.ownConfiguration.relatedWebView === self,
            "Returned WKWebView was not created with the given configuration.")
        g_object_ref(gpointer(created.view))
        return Incoming(pointer: OpaquePointer(today_web_view_widget(created.view)))
    }
}
#endif
