/// One crossing of the bridge and how it ended, for the app's observability (contract X5): a
/// page message, a native event, a native call or a stream.
///
/// A trace says who, what type, how it settled, when, for how long and how many bytes went each
/// way. It never holds a message body, a reply, a credential, a cookie or native error text: only
/// types, codes and sizes. Traces are built only while someone listens (``TodayBridge/traces()``
/// or a ``TrafficRecorder``).
public struct BridgeTrace: Sendable, Hashable {
    /// Which way the crossing went.
    public var kind: Kind
    /// The web view it crossed, one per connection.
    public var webView: WebViewID
    /// The main document it belonged to: the one current when a message arrived, or when the
    /// native side sent an event or a call.
    public var document: DocumentID
    /// The message's `type` (when it had one), or the native event's or call's name.
    public var type: String?
    /// Whether the sender (for native events and calls, the receiver) is the main frame.
    public var isMainFrame: Bool
    /// The sending frame's origin, as the engine reported it; for native events and calls, the
    /// main document's, as the page's last message reported it (`nil` before any).
    public var origin: SecurityOrigin?
    /// The trusted surface of the main document, if any (for native events and calls, known as
    /// the origin is).
    public var surface: String?
    /// How it was settled.
    public var outcome: Outcome
    /// What the caller got: the page for a message, the native caller for a call; `nil` for an
    /// event, which has no answer.
    public var answer: Answer?
    /// The rejection's code, for rejected, timed-out, cancelled and busy outcomes.
    public var errorCode: BridgeError.Code?
    /// When it began, on the bridge's clock: a message's receipt, an event's or a call's start.
    public var start: BridgeInstant
    /// Seconds from ``start`` to settlement (for an event, to its delivery).
    public var duration: Double
    /// The size of the message, the event's data or the call's arguments as compact JSON, in
    /// UTF-8 bytes; for a message that could not be read, its length as handed over, when known.
    public var requestBytes: Int?
    /// The size of the answer: its value as compact JSON (0 for `undefined`) or the rejection's
    /// reason, in UTF-8 bytes; `nil` for an event.
    public var replyBytes: Int?
    /// For a stream (ST2), the values the producer sent the page by its end (those still on their
    /// way when the page cancelled included); `nil` for any other crossing.
    public var values: Int?

    init(
        kind: Kind, webView: WebViewID, document: DocumentID, type: String?, isMainFrame: Bool, origin: SecurityOrigin?,
        surface: String?, outcome: Outcome, answer: Answer?, errorCode: BridgeError.Code?, start: BridgeInstant,
        duration: Double, requestBytes: Int?, replyBytes: Int?, values: Int? = nil
    ) {
        self.values = values
        self.kind = kind
        self.webView = webView
        self.document = document
        self.type = type
        self.isMainFrame = isMainFrame
        self.origin = origin
        self.surface = surface
        self.outcome = outcome
        self.answer = answer
        self.errorCode = errorCode
        self.start = start
        self.duration = duration
        self.requestBytes = requestBytes
        self.replyBytes = replyBytes
    }
}
