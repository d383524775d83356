/// One trace as a recording stores it (``TrafficRecording``): plain strings and numbers, times
/// in milliseconds since the recording began. Sizes, types and codes only, as in the trace (X5).
@_spi(Tools) public struct TrafficRecord: Codable, Sendable, Hashable {
    /// A frame as a recording names it.
    @_spi(Tools) public enum Frame: String, Codable, Sendable, CaseIterable {
        case main, sub
    }

    /// ``BridgeTrace/Kind``: `pageMessage`, `nativeEvent`, `nativeCall` or `stream`.
    @_spi(Tools) public var kind: String
    /// ``WebViewID``'s number.
    @_spi(Tools) public var webView: Int
    /// ``DocumentID``'s generation.
    @_spi(Tools) public var document: Int
    @_spi(Tools) public var frame: Frame
    @_spi(Tools) public var origin: String?
    @_spi(Tools) public var surface: String?
    @_spi(Tools) public var type: String?
    /// ``BridgeTrace/Outcome``.
    @_spi(Tools) public var outcome: String
    /// ``BridgeTrace/Answer``: `value`, `undefined` or `rejection`; absent for events.
    @_spi(Tools) public var answer: String?
    @_spi(Tools) public var errorCode: String?
    /// Milliseconds from the start of the recording.
    @_spi(Tools) public var start: Double
    /// Milliseconds.
    @_spi(Tools) public var duration: Double
    @_spi(Tools) public var requestBytes: Int?
    @_spi(Tools) public var replyBytes: Int?
    /// For a stream, the values it sent (ST2).
    @_spi(Tools) public var values: Int?

    @_spi(Tools) public init(_ trace: BridgeTrace, since recordingStart: BridgeInstant) {
        kind = trace.kind.rawValue
        webView = Int(clamping: trace.webView.number)
        document = Int(clamping: trace.document.generation)
        frame = trace.isMainFrame ? .main : .sub
        origin = trace.origin?.description
        surface = trace.surface
        type = trace.type
        outcome = trace.outcome.rawValue
        answer = trace.answer?.rawValue
        errorCode = trace.errorCode?.rawValue
        start = Self.milliseconds(
            trace.start.nanoseconds >= recordingStart.nanoseconds ? trace.start.seconds(since: recordingStart) : 0)
        duration = Self.milliseconds(trace.duration)
        requestBytes = trace.requestBytes
        replyBytes = trace.replyBytes
        values = trace.values
    }

    /// Milliseconds to the microsecond.
    private static func milliseconds(_ seconds: Double) -> Double {
        (seconds * 1_000_000).rounded() / 1000
    }
}
