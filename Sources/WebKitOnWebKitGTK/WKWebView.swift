#if os(Linux)
import CWebKitGTK

/// A web view: a WebKitGTK `WebKitWebView` in a window of its own (the emulated screen), its
/// messages, scripts and navigations through WebKit's API.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkwebview>. Main thread only, as in
/// WebKit. Every view of the process shares one web context (a process pool); a view made from
/// the configuration WebKit hands to ``WKUIDelegate/webView(_:createWebViewWith:for:windowFeatures:)``
/// shares its opener's web process, as WebKitGTK's `create` signal requires.
@MainActor
public class WKWebView: NSObject, ObjectiveCAssociating {
    let ownConfiguration: WKWebViewConfiguration
    nonisolated let objcAssociations = ObjectiveCAssociationTable()
    let view: UnsafeMutablePointer<WebKitWebView>
    /// The view's own window: the emulated screen (``isInWindow``).
    let window: UnsafeMutablePointer<GtkWidget>
    var signalHandlers: [gulong] = []
    var navigation: WKNavigation?
    /// The URL of a main-frame load not yet committed: the app's request until the load starts,
    /// then the provisional URL (`PageLoadState::activeURL` in WebKit's
    /// `Source/WebKit/UIProcess/PageLoadState.cpp`).
    var uncommittedURL: URL?
    /// The app's request not yet started (`PageLoadState`'s pending API request).
    var pendingAPIRequestURL: URL?
    /// The loads the app and WebKit started, counted.
    var loadsStarted = 0
    /// Whether the content process ended with no load started since: the page's load state is
    /// reset (`PageLoadState::reset`), so ``url`` is `nil`.
    var isContentProcessGone = false
    var inWindow = true
    var contentProcessLifecycle = ContentProcessLifecycle()
    var dispatchingTermination = false
    var terminationHandledByClient = true
    var recentCrashCountReset: Task<Void, Never>?
    var urlObservers: [Int: URLObserver] = [:]
    var nextObserverID = 0
    /// The value ``url``'s observers were last told.
    var observedURL: URL?

    /// The views alive, by their WebKitGTK view, for what WebKitGTK reports by view.
    private static var views: [UnsafeMutableRawPointer: Weak] = [:]

    /// The app's navigation delegate (held weakly, as WebKit does).
    public weak var navigationDelegate: (any WKNavigationDelegate)?
    /// The app's user interface delegate (held weakly, as WebKit does).
    public weak var uiDelegate: (any WKUIDelegate)?

    /// Creates a web view with a copy of `configuration`.
    public init(frame: CGRect, configuration: WKWebViewConfiguration) {
        ownConfiguration = configuration.copy()
        let manager = configuration.userContentController.manager
        if let opener = configuration.relatedWebView {
            view = today_web_view_new_related(opener.view, manager)
        } else {
            view = today_web_view_new_in_context(WebKitEngine.context, manager, configuration.websiteDataStore.session)
        }
        g_object_ref_sink(gpointer(view))
        webkit_settings_set_javascript_can_open_windows_automatically(
            webkit_web_view_get_settings(view), configuration.preferences.javaScriptCanOpenWindowsAutomatically ? 1 : 0
        )
        window = gtk_window_new()
        super.init()
        Self.views[UnsafeMutableRawPointer(view)] = Weak(self)
        let width = frame.width >= 1 ? Int32(frame.width) : 1024, height = frame.height >= 1 ? Int32(frame.height) : 720
        gtk_window_set_default_size(today_window(window), width, height)
        gtk_window_set_child(today_window(window), today_web_view_widget(view))
        gtk_window_present(today_window(window))
        connectSignals()
        MainThreadLoop.wake()
    }

    isolated deinit {
        recentCrashCountReset?.cancel()
        Self.views[UnsafeMutableRawPointer(view)] = nil
        for id in signalHandlers { g_signal_handler_disconnect(gpointer(view), id) }
        gtk_window_destroy(today_window(window))
        // Closes the page now: a view WebKitGTK's `create` signal returned keeps a reference
        // WebKitGTK never gives back.
        g_object_run_dispose(today_gobject(gpointer(view)))
        g_object_unref(gpointer(view))
        MainThreadLoop.wake()
    }

    /// The view showing `view`, if it is alive.
    static func showing(_ view: UnsafeMutablePointer<WebKitWebView>) -> WKWebView? {
        views[UnsafeMutableRawPointer(view)]?.webView
    }

    /// A copy of the view's configuration (sharing its content controller and data store).
    public var configuration: WKWebViewConfiguration { ownConfiguration.copy() }

    /// The main frame's active URL: during a load not yet committed, the URL it loads (the app's
    /// request, then the provisional URL, which a page's own navigation sets before anything of
    /// the next document exists); otherwise the committed document's, `pushState` included.
    /// (`-[WKWebView URL]` returns `PageLoadState::activeURL`; WebKitGTK's own
    /// `webkit_web_view_get_uri` keeps the committed URI through a page's own provisional load.)
    public var url: URL? {
        if isContentProcessGone { return nil }
        return uncommittedURL ?? webkit_web_view_get_uri(view).flatMap { URL(string: String(cString: $0)) }
    }

    /// Whether the view is loading.
    public var isLoading: Bool { webkit_web_view_is_loading(view) != 0 }

    /// Starts loading `request` in the main frame (its URL; WebKitGTK takes no other field of it).
    @discardableResult
    public func load(_ request: URLRequest) -> WKNavigation? {
        guard let url = request.url else { return nil }
        webkit_web_view_load_uri(view, url.absoluteString)
        return began(loading: url)
    }

    /// Starts loading `string` as the main frame's document, at `baseURL` (`about:blank` when nil).
    @discardableResult
    public func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? {
        webkit_web_view_load_html(view, string, baseURL?.absoluteString)
        return began(loading: baseURL ?? URL(string: "about:blank"))
    }

    /// Reloads the main frame's document.
    @discardableResult
    public func reload() -> WKNavigation? {
        webkit_web_view_reload(view)
        return began(loading: nil)
    }

    func began(loading url: URL?) -> WKNavigation {
        if let url {
            uncommittedURL = url
            pendingAPIRequestURL = url
        }
        loadsStarted += 1
        isContentProcessGone = false
        contentProcessLifecycle.processLaunched()
        let started = WKNavigation()
        navigation = started
        urlMayHaveChanged()
        MainThreadLoop.wake()
        return started
    }

    /// A view, held without keeping it alive.
    private struct Weak {
        weak var webView: WKWebView?

        init(_ webView: WKWebView) {
            self.webView = webView
        }
    }
}
#endif
