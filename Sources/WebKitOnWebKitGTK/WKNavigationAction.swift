#if os(Linux)
import CWebKitGTK

/// What started a navigation: its request, its kind, and the frame it targets.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wknavigationaction>. WebKitGTK does
/// not say which frame started a navigation, so `sourceFrame` is missing here.
@MainActor
public class WKNavigationAction: NSObject {
    /// The navigation's request.
    public let request: URLRequest
    /// The frame that will show the document; `nil` for a new window.
    public let targetFrame: WKFrameInfo?
    /// What the user or the page did.
    public let navigationType: WKNavigationType

    init(_ action: OpaquePointer, targetFrame: WKFrameInfo?) {
        let uri = webkit_uri_request_get_uri(webkit_navigation_action_get_request(action)).map { String(cString: $0) }
        request = URLRequest(url: uri.flatMap(URL.init(string:)) ?? URL(string: "about:blank")!)
        self.targetFrame = targetFrame
        navigationType = WKNavigationType(webkit_navigation_action_get_navigation_type(action))
    }
}

/// What kind of action started a navigation.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wknavigationtype>.
public enum WKNavigationType: Int, @unchecked Sendable {
    case linkActivated = 0
    case formSubmitted = 1
    case backForward = 2
    case reload = 3
    case formResubmitted = 4
    case other = -1

    init(_ type: WebKitNavigationType) {
        switch type {
        case WEBKIT_NAVIGATION_TYPE_LINK_CLICKED: self = .linkActivated
        case WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED: self = .formSubmitted
        case WEBKIT_NAVIGATION_TYPE_BACK_FORWARD: self = .backForward
        case WEBKIT_NAVIGATION_TYPE_RELOAD: self = .reload
        case WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED: self = .formResubmitted
        default: self = .other
        }
    }
}

/// The window a page asked for (size, position, bars).
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkwindowfeatures>. WebKitGTK tells a
/// window's features only once its view exists, so here each reads `nil` (not specified).
@MainActor
public class WKWindowFeatures: NSObject {
    /// The window's width, if the page asked for one.
    public let width: NSNumber? = nil
    /// The window's height, if the page asked for one.
    public let height: NSNumber? = nil
}
#endif
