/// A web view (without pixels): its committed URL, script evaluation, and the mirror's controls.
@MainActor
public class WKWebView: NSObject, MirrorAssociating {
    private let ownConfiguration: WKWebViewConfiguration
    nonisolated let mirrorAssociations = MirrorAssociationTable()

    /// The URL of the main frame's document.
    public private(set) var url: URL?

    /// The app's navigation delegate (held weakly, as WebKit does).
    public weak var navigationDelegate: (any WKNavigationDelegate)?

    /// Creates a web view with a copy of `configuration`.
    public init(frame: CGRect, configuration: WKWebViewConfiguration) {
        ownConfiguration = configuration.mirrorCopy()
        super.init()
    }

    /// A copy of the view's configuration (sharing its content controller and data store).
    public var configuration: WKWebViewConfiguration { ownConfiguration.mirrorCopy() }

    /// Starts loading `request` in the main frame. (The mirror records it; a test commits the
    /// navigation with ``mirrorCommitNavigation(to:)``.)
    @discardableResult
    public func load(_ request: URLRequest) -> WKNavigation? {
        mirrorLoadedRequests.append(request)
        return WKNavigation()
    }

    /// Reloads the main frame's document. (The mirror counts it; a test commits the navigation
    /// with ``mirrorCommitNavigation(to:)``.)
    @discardableResult
    public func reload() -> WKNavigation? {
        mirrorReloadCount += 1
        return WKNavigation()
    }

    /// Mirror only: how many times `reload()` was called.
    public private(set) var mirrorReloadCount = 0

    /// Mirror only: the web content process ends, as when the system reclaims its memory; the
    /// navigation delegate hears of it.
    public func mirrorTerminateWebContentProcess() {
        navigationDelegate?.webViewWebContentProcessDidTerminate(self)
    }

    /// Mirror only: every request passed to `load(_:)` so far.
    public private(set) var mirrorLoadedRequests: [URLRequest] = []

    /// Starts loading `string` as the main frame's document, at `baseURL`. (The mirror records it;
    /// a test commits the navigation with ``mirrorCommitNavigation(to:)``.)
    @discardableResult
    public func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? {
        mirrorLoadedHTML.append((string, baseURL))
        return WKNavigation()
    }

    /// Mirror only: every document passed to `loadHTMLString(_:baseURL:)` so far.
    public private(set) var mirrorLoadedHTML: [(html: String, baseURL: URL?)] = []

    /// Evaluates `javaScriptString` in the main frame's page world; calls back later.
    public func evaluateJavaScript(_ javaScriptString: String, completionHandler: (@MainActor @Sendable (Any?, (any Error)?) -> Void)? = nil) {
        mirrorEvaluatedScripts.append(javaScriptString)
        let error = mirrorEvaluationError
        Task { @MainActor in completionHandler?(error == nil ? true : nil, error) }
    }

    /// Runs `functionBody` as an async function with `arguments` as its named parameters, in
    /// `frame` (the main frame when `nil`) and `contentWorld`; calls back later with its value.
    /// (WebKit: iOS 14, macOS 11; the Swift signature of the SDK's overlay.)
    public func callAsyncJavaScript(
        _ functionBody: String,
        arguments: [String: Any] = [:],
        in frame: WKFrameInfo? = nil,
        in contentWorld: WKContentWorld,
        completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil
    ) {
        mirrorAsyncCalls.append(MirrorAsyncCall(functionBody: functionBody, arguments: arguments, worldName: contentWorld.name, isMainFrame: frame?.isMainFrame ?? true))
        let error = mirrorEvaluationError
        Task { @MainActor in completionHandler?(error.map { .failure($0) } ?? .success(NSNull())) }
    }

    /// Mirror only: one `callAsyncJavaScript` call.
    public struct MirrorAsyncCall {
        public let functionBody: String
        public let arguments: [String: Any]
        /// `nil` for the page world.
        public let worldName: String?
        public let isMainFrame: Bool
    }

    /// Mirror only: every `callAsyncJavaScript` call so far.
    public private(set) var mirrorAsyncCalls: [MirrorAsyncCall] = []

    /// Mirror only: every script evaluated so far.
    public private(set) var mirrorEvaluatedScripts: [String] = []
    /// Mirror only: when set, script evaluation fails with this error.
    public var mirrorEvaluationError: (any Error)?

    /// Mirror only: commits a main-frame navigation to `url` and returns the user scripts that
    /// run in the new main document at document start, in order.
    @discardableResult
    public func mirrorCommitNavigation(to url: URL) -> [WKUserScript] {
        self.url = url
        return ownConfiguration.userContentController.userScripts.filter { $0.injectionTime == .atDocumentStart }
    }

    /// Mirror only: a same-document navigation (history.pushState, a fragment): the URL changes,
    /// no user script runs.
    public func mirrorSameDocumentNavigation(to url: URL) {
        self.url = url
    }
}
