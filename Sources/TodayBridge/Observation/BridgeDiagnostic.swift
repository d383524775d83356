/// Something an app's developers should know about, though no page call failed because of it (X5).
///
/// Diagnostics never contain credentials, message bodies, or native error text.
public struct BridgeDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// A stable kind of diagnostic.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A message could not be decoded, or broke a size or depth limit.
        public static let undecodableMessage = Code(rawValue: "undecodableMessage")
        /// A limit was reached (in-flight calls, buffered events, pending native calls).
        public static let limitExceeded = Code(rawValue: "limitExceeded")
        /// A handler or the page answered after the call was already settled; the answer was dropped.
        public static let lateReply = Code(rawValue: "lateReply")
        /// A handler or the page answered twice; the second answer was dropped.
        public static let duplicateReply = Code(rawValue: "duplicateReply")
        /// A message's reply was dropped unanswered (a connection released with calls pending);
        /// the page got `undefined`.
        public static let droppedReply = Code(rawValue: "droppedReply")
        /// A capability threw an error that was not a ``BridgeError``.
        public static let capabilityFailed = Code(rawValue: "capabilityFailed")
        /// A `track` event or one of its parameters failed validation and was dropped.
        public static let eventRejected = Code(rawValue: "eventRejected")
        /// The analytics sink failed to accept an event.
        public static let analyticsFailed = Code(rawValue: "analyticsFailed")
        /// The analytics queue was full: its oldest events were dropped to make room.
        public static let analyticsDropped = Code(rawValue: "analyticsDropped")
        /// The analytics service refused events for good (an HTTP 4xx other than 408 and 429).
        public static let analyticsRejected = Code(rawValue: "analyticsRejected")
        /// A native event was dropped: its buffer was full.
        public static let eventDropped = Code(rawValue: "eventDropped")
        /// Running script in the page failed.
        public static let scriptEvaluationFailed = Code(rawValue: "scriptEvaluationFailed")
        /// The web view went away with calls in flight.
        public static let webViewGone = Code(rawValue: "webViewGone")
        /// The web view's content process ended; its pending calls were settled.
        public static let webProcessTerminated = Code(rawValue: "webProcessTerminated")
        /// A reply named a call this host does not know.
        public static let unknownReply = Code(rawValue: "unknownReply")
        /// The session cookie could not be stored.
        public static let cookieFailed = Code(rawValue: "cookieFailed")
        /// A token refresh failed.
        public static let refreshFailed = Code(rawValue: "refreshFailed")
        /// A message through a WebKit relay (WKWebView's main frame; WebKitGTK's where its web
        /// process extension did not load) was refused: it came from a document the main frame
        /// no longer shows (a realm kept by a popup after its page left, S4), or, on WebKitGTK,
        /// the web process extension is loaded in the view (its entry is the main frame's way).
        public static let relayRefused = Code(rawValue: "relayRefused")
    }

    /// The kind of diagnostic.
    public var code: Code
    /// A description for developers, free of credentials.
    public var message: String
    /// The message type involved, when there was one.
    public var type: String?

    /// Creates a diagnostic.
    package init(_ code: Code, _ message: String, type: String? = nil) {
        self.code = code
        self.message = message
        self.type = type
    }

    public var description: String {
        "[\(code)]" + (type.map { " \($0):" } ?? "") + " " + message
    }
}
