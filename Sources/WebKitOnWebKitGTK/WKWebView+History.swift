#if os(Linux)
import CWebKitGTK

/// The main frame's session history: Back, Forward. A document WebKit kept in its back-forward
/// cache comes back as it was (`pageshow` with `persisted`, no new window object), as WebKitGTK's
/// page cache (`enable-page-cache`, on by default) restores it.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkwebview> ("Navigating Between
/// Webpages").
extension WKWebView {
    /// Whether there is a page to go back to.
    public var canGoBack: Bool { webkit_web_view_can_go_back(view) != 0 }

    /// Whether there is a page to go forward to.
    public var canGoForward: Bool { webkit_web_view_can_go_forward(view) != 0 }

    /// Goes to the previous page of the history; `nil` when there is none.
    @discardableResult
    public func goBack() -> WKNavigation? {
        guard let item = webkit_back_forward_list_get_back_item(webkit_web_view_get_back_forward_list(view)) else {
            return nil
        }
        webkit_web_view_go_back(view)
        return began(loading: Self.url(of: item))
    }

    /// Goes to the next page of the history; `nil` when there is none.
    @discardableResult
    public func goForward() -> WKNavigation? {
        guard let item = webkit_back_forward_list_get_forward_item(webkit_web_view_get_back_forward_list(view)) else {
            return nil
        }
        webkit_web_view_go_forward(view)
        return began(loading: Self.url(of: item))
    }

    /// The item's URL: WebKit's pending request while it loads (`WebPageProxy::goToBackForwardItem`).
    private static func url(of item: OpaquePointer) -> URL? {
        webkit_back_forward_list_item_get_uri(item).flatMap { URL(string: String(cString: $0)) }
    }
}
#endif
