/// Bounds on what a page can make the host hold or do (contract X7).
///
/// Each has a safe default. Breaking one has a defined outcome: an oversized or too deeply nested
/// message resolves `undefined` (C3); a call over the in-flight limit is refused as ``BridgeError/Code/busy``;
/// a deadline settles the call (C5); a `track` event over the analytics queue's bound drops the
/// oldest waiting one (T1 still resolves `undefined`). Each also emits a diagnostic.
public struct BridgeLimits: Sendable, Hashable {
    /// Largest message accepted, in bytes of JSON. Default 8 MiB.
    public var maxMessageBytes: Int
    /// Deepest nesting of arrays and objects accepted. Default 64.
    public var maxDepth: Int
    /// Calls from one web view that may be in flight at once. Default 1,024.
    public var maxCallsInFlight: Int
    /// Seconds a capability may take unless it declares its own deadline. Default 30.
    public var defaultDeadline: Double
    /// Native events kept for a page that has not subscribed yet. Default 64.
    public var maxBufferedEvents: Int
    /// Native-to-web calls that may await the page at once. Default 64.
    public var maxPendingNativeCalls: Int
    /// `track` events accepted and not yet handed to the analytics sink, for the whole bridge;
    /// beyond it the oldest is dropped. Default 50,000.
    public var maxQueuedEvents: Int
    /// Values of one stream the host sends ahead of the page's acknowledgements (ST3). Default 16.
    public var streamWindow: Int
    /// Streams one document may have open at once; a stream beyond it is refused as `busy` (ST1).
    /// Default 16.
    public var maxStreamsPerDocument: Int

    /// Creates limits; every parameter has the documented default.
    public init(
        maxMessageBytes: Int = 8 * 1024 * 1024,
        maxDepth: Int = 64,
        maxCallsInFlight: Int = 1024,
        defaultDeadline: Double = 30,
        maxBufferedEvents: Int = 64,
        maxPendingNativeCalls: Int = 64,
        maxQueuedEvents: Int = 50_000,
        streamWindow: Int = 16,
        maxStreamsPerDocument: Int = 16
    ) {
        self.streamWindow = max(1, streamWindow)
        self.maxStreamsPerDocument = maxStreamsPerDocument
        self.maxMessageBytes = maxMessageBytes
        self.maxDepth = maxDepth
        self.maxCallsInFlight = maxCallsInFlight
        self.defaultDeadline = defaultDeadline
        self.maxBufferedEvents = maxBufferedEvents
        self.maxPendingNativeCalls = maxPendingNativeCalls
        self.maxQueuedEvents = maxQueuedEvents
    }

    /// The limits the JSON decoder enforces.
    package var json: JSONLimits {
        JSONLimits(maxBytes: maxMessageBytes, maxDepth: maxDepth)
    }
}
