/// The settings a web view is created with. A web view keeps a copy; the copy shares the user
/// content controller and the website data store.
@MainActor
public class WKWebViewConfiguration: NSObject {
    /// The user scripts and message handlers.
    public var userContentController = WKUserContentController()
    /// Cookies and other website data.
    public var websiteDataStore: WKWebsiteDataStore = .default()

    public override init() {
        super.init()
    }

    func mirrorCopy() -> WKWebViewConfiguration {
        let copy = WKWebViewConfiguration()
        copy.userContentController = userContentController
        copy.websiteDataStore = websiteDataStore
        return copy
    }
}

/// Cookies, caches and storage of the web views that share it.
@MainActor
public class WKWebsiteDataStore: NSObject {
    private static let defaultStore = WKWebsiteDataStore()

    /// The cookies.
    public let httpCookieStore = WKHTTPCookieStore()

    private override init() {
        super.init()
    }

    /// The persistent store.
    public class func `default`() -> WKWebsiteDataStore { defaultStore }

    /// A new store kept in memory only.
    public class func nonPersistent() -> WKWebsiteDataStore { WKWebsiteDataStore() }
}

/// The HTTP cookies of a website data store.
@MainActor
public class WKHTTPCookieStore: NSObject {
    /// Mirror only: the cookies stored so far.
    public private(set) var mirrorCookies: [HTTPCookie] = []

    fileprivate override init() {
        super.init()
    }

    /// Stores `cookie`, then calls `completionHandler` (later, on the main actor).
    public func setCookie(_ cookie: HTTPCookie, completionHandler: (@MainActor @Sendable () -> Void)? = nil) {
        mirrorCookies.append(cookie)
        Task { @MainActor in completionHandler?() }
    }
}
