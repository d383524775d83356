/// The web view as the core reaches it: the one way out. An adapter implements it; the core
/// uses it for native events and calls (X3, X4) and the session cookie (T4).
///
/// Only ``evaluateInMainFrame(_:)`` and ``setCookie(_:)`` are required: ``deliver(_:)``
/// renders each delivery as a script for the main frame by default. An engine that can do better
/// delivers natively instead (WebKit's `callAsyncJavaScript` passes the data as arguments;
/// WebKitGTK's web process extension carries the bytes beside the text). The core delivers through
/// ``deliver(_:for:)``, naming the main document each delivery is for; by default it calls
/// ``deliver(_:)``.
///
/// The connection keeps its web view weakly: the adapter owns both, and once the web view is
/// gone every delivery fails with ``PageDeliveryError/webViewGone``.
///
/// ```swift
/// final class MyWebView: BridgeWebView {
///     func evaluateInMainFrame(_ script: String) async throws { try await engine.evaluate(script) }
///     func setCookie(_ cookie: BridgeCookie) async throws { try await engine.cookies.set(cookie) }
/// }
/// let connection = bridge.connect(myWebView)
/// ```
public protocol BridgeWebView: AnyObject, Sendable {
    /// Delivers a native event, a native call or a string-transport reply to the main frame.
    func deliver(_ delivery: PageDelivery) async throws
    /// Delivers `delivery` to the main frame's `document` (X3, X4, ST2, S4): the document the core
    /// meant when it decided to deliver, which the main frame may have left by the time the engine
    /// receives it. An adapter that can tell which document the engine reaches drops a delivery
    /// whose document is gone, and throws: the delivery then failed, as for a dead web process.
    /// By default, ``deliver(_:)``.
    func deliver(_ delivery: PageDelivery, for document: DocumentID) async throws
    /// Runs `script` in the main frame's page world, as a statement; its value is ignored.
    func evaluateInMainFrame(_ script: String) async throws
    /// Stores `cookie` in the web view's own cookie store; returns once the web view will send it.
    func setCookie(_ cookie: BridgeCookie) async throws
}

extension BridgeWebView {
    /// Runs the delivery's default script (``PageDelivery/script``) in the main frame.
    public func deliver(_ delivery: PageDelivery) async throws {
        try await evaluateInMainFrame(delivery.script)
    }

    /// Delivers `delivery` with ``deliver(_:)``, whichever document the main frame shows.
    public func deliver(_ delivery: PageDelivery, for document: DocumentID) async throws {
        try await deliver(delivery)
    }
}

/// Why a delivery to the page failed. Adapters throw it from their ``BridgeWebView`` methods;
/// the core reports it as a diagnostic and settles what depended on it.
public enum PageDeliveryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The web view, or the engine behind it, is gone.
    case webViewGone
    /// The engine refused the script or its result, or the delivery (its document gone): `reason`
    /// is for diagnostics only.
    case engineRefused(String)

    public var description: String {
        switch self {
        case .webViewGone: "the web view is gone"
        case .engineRefused(let reason): "the engine refused: \(reason)"
        }
    }
}
