/// One web view's link to the bridge: every message in, every delivery out, each call settled
/// exactly once (C5).
///
/// An adapter creates it with ``TodayBridge/connect(_:startingTasks:)``, giving the
/// ``BridgeWebView`` the core delivers through (the one way out), hands it every message with
/// ``receive(_:from:reply:)`` (the one way in), and reports navigations
/// (``documentDidChange()``) and the web view going away (``close()``).
///
/// Every call settles exactly once: with the capability's result, its failure, its deadline
/// (``BridgeLimits/defaultDeadline`` or the capability's own), or, when its document goes away,
/// as cancelled. A handler that answers after that is dropped and reported.
public final class BridgeConnection: Sendable {
    package let bridge: TodayBridge
    /// This connection's number among the bridge's: how traces tell web views apart (X5).
    public let webViewID: WebViewID
    /// The state machine that decides, under the connection's lock; nothing else decides.
    let state: Locked<State>
    /// The open streams, by the id their page gave them (ST1). Taken before `state` when both are.
    let streams = Locked<[String: OpenStream]>([:])
    /// Weak: the adapter owns both the web view and this connection.
    private weak let webView: (any BridgeWebView)?
    /// Starts the task a capability runs in; an adapter may prefer its engine's thread.
    package let startTask: TaskStarter

    /// The connection's state machine, over what it needs to settle page and native calls.
    typealias State = ConnectionState<PageCall, NativeCallWaiter>

    /// Starts the task a capability runs in (``TodayBridge/connect(_:startingTasks:)``).
    public typealias TaskStarter = @Sendable (_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never>

    init(bridge: TodayBridge, id: WebViewID, webView: any BridgeWebView, startTask: @escaping TaskStarter) {
        self.bridge = bridge
        self.webViewID = id
        self.webView = webView
        self.startTask = startTask
        self.state = Locked(State(eventCapacity: bridge.configuration.limits.maxBufferedEvents))
    }

    /// The platform announced to pages.
    public var platform: Platform { bridge.configuration.platform }

    /// The main document currently shown.
    public var currentDocument: DocumentID {
        state.withLock { $0.document }
    }

    /// Whether `document` is still shown: not once the main frame navigated, the web process died,
    /// or the web view closed (S4).
    package func isShowing(_ document: DocumentID) -> Bool {
        state.withLock { $0.isShowing(document) }
    }

    /// The web view, or ``PageDeliveryError/webViewGone``.
    func page() throws(PageDeliveryError) -> any BridgeWebView {
        guard let webView else { throw .webViewGone }
        return webView
    }
}
