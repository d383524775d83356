/// One trace as a recording stores it (``TrafficRecording``): plain strings and numbers, times
/// in milliseconds since the recording began. Sizes, types and codes only, as in the trace (X5).
package struct TrafficRecord: Codable, Sendable, Hashable {
    /// A frame as a recording names it.
    package enum Frame: String, Codable, Sendable, CaseIterable {
        case main, sub
    }

    /// ``BridgeTrace/Kind``: `pageMessage`, `nativeEvent` or `nativeCall`.
    package var kind: String
    /// ``WebViewID``'s number.
    package var webView: Int
    /// ``DocumentID``'s generation.
    package var document: Int
    package var frame: Frame
    package var origin: String?
    package var surface: String?
    package var type: String?
    /// ``BridgeTrace/Outcome``.
    package var outcome: String
    /// ``BridgeTrace/Answer``: `value`, `undefined` or `rejection`; absent for events.
    package var answer: String?
    package var errorCode: String?
    /// Milliseconds from the start of the recording.
    package var start: Double
    /// Milliseconds.
    package var duration: Double
    package var requestBytes: Int?
    package var replyBytes: Int?

    package init(_ trace: BridgeTrace, since recordingStart: BridgeInstant) {
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
        start = Self.milliseconds(trace.start.nanoseconds >= recordingStart.nanoseconds ? trace.start.seconds(since: recordingStart) : 0)
        duration = Self.milliseconds(trace.duration)
        requestBytes = trace.requestBytes
        replyBytes = trace.replyBytes
    }

    /// Milliseconds to the microsecond.
    private static func milliseconds(_ seconds: Double) -> Double {
        (seconds * 1_000_000).rounded() / 1000
    }
}
