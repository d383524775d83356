#if os(Linux)
import CWebKitGTK

/// The settings a web view is created with. A web view keeps a copy; the copy shares the user
/// content controller, the preferences, the website data store and the URL scheme handlers.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkwebviewconfiguration>.
@MainActor
public class WKWebViewConfiguration: NSObject {
    /// The user scripts and message handlers.
    public var userContentController = WKUserContentController()
    /// What pages may do (open windows).
    public var preferences = WKPreferences()
    /// Cookies and other website data.
    public var websiteDataStore: WKWebsiteDataStore = .default()
    private(set) var urlSchemeHandlers: [String: any WKURLSchemeHandler] = [:]
    /// The view whose page opened the page the view made from this configuration shows: set on
    /// the configuration WebKit hands to ``WKUIDelegate/webView(_:createWebViewWith:for:windowFeatures:)``
    /// (WebKit's `_relatedWebView`, `Source/WebKit/UIProcess/Cocoa/UIDelegate.mm`).
    weak var relatedWebView: WKWebView?

    public override init() {
        super.init()
    }

    /// Sets the handler of `urlScheme`'s loads (the app's own scheme), retained; `nil` removes it.
    /// WebKit refuses a scheme it handles itself (`http`, `https`, `file`, `about`, `data`,
    /// `blob`…) with an exception; here, as loudly.
    public func setURLSchemeHandler(_ urlSchemeHandler: (any WKURLSchemeHandler)?, forURLScheme urlScheme: String) {
        let scheme = urlScheme.lowercased()
        precondition(
            !Self.schemesWebKitHandles.contains(scheme),
            "'\(urlScheme)' is a URL scheme that WKWebView handles natively")
        urlSchemeHandlers[scheme] = urlSchemeHandler
        if urlSchemeHandler != nil { URLSchemeTask.serve(scheme) }
    }

    /// The handler of `urlScheme`, if any.
    public func urlSchemeHandler(forURLScheme urlScheme: String) -> (any WKURLSchemeHandler)? {
        urlSchemeHandlers[urlScheme.lowercased()]
    }

    /// `+[WKWebView handlesURLScheme:]` (`Source/WebKit/UIProcess/API/Cocoa/WKWebView.mm`).
    private static let schemesWebKitHandles: Set<String> = [
        "http", "https", "file", "about", "data", "blob", "ftp", "ws", "wss", "javascript", "webkit-fake-url",
    ]

    func copy() -> WKWebViewConfiguration {
        let copy = WKWebViewConfiguration()
        copy.userContentController = userContentController
        copy.preferences = preferences
        copy.websiteDataStore = websiteDataStore
        copy.urlSchemeHandlers = urlSchemeHandlers
        copy.relatedWebView = relatedWebView
        return copy
    }
}

/// Cookies, caches and storage of the web views that share it: a WebKitGTK network session.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkwebsitedatastore>.
@MainActor
public class WKWebsiteDataStore: NSObject {
    private static var defaultStore: WKWebsiteDataStore?
    /// The WebKitGTK network session.
    let session: OpaquePointer

    /// The cookies.
    public private(set) lazy var httpCookieStore = WKHTTPCookieStore(webkit_network_session_get_cookie_manager(session))

    private init(session: OpaquePointer) {
        self.session = session
        super.init()
    }

    /// The persistent store.
    public class func `default`() -> WKWebsiteDataStore {
        if let defaultStore { return defaultStore }
        _ = WebKitEngine.context
        let store = WKWebsiteDataStore(session: webkit_network_session_get_default())
        defaultStore = store
        return store
    }

    /// A new store kept in memory only.
    public class func nonPersistent() -> WKWebsiteDataStore {
        _ = WebKitEngine.context
        return WKWebsiteDataStore(session: webkit_network_session_new_ephemeral())
    }

    /// Not Apple's API: accepts the PEM certificate at `path` for `host`'s TLS connections, as a
    /// test device trusts a local server's certificate once it is installed in its settings (on
    /// Apple platforms that is the system's trust store, or a navigation delegate's
    /// authentication challenge, which WebKitGTK cannot present); for hosts (`today-bridge`).
    @_spi(Tools) public func allowTLSCertificate(atPath path: String, forHost host: String) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard let certificate = g_tls_certificate_new_from_file(path, &error) else {
            g_error_free(error)
            return false
        }
        webkit_network_session_allow_tls_certificate_for_host(session, certificate, host)
        g_object_unref(gpointer(certificate))
        return true
    }
}
#endif
