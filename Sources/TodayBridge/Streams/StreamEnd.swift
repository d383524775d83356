/// How a stream ended, as the page is told in its end delivery (ST5).
///
/// A stream the page cancelled, or whose document went away, ends too, but the page is told
/// nothing: it ended the stream itself, or it is gone.
public enum StreamEnd: String, Sendable, Hashable, CaseIterable {
    /// The capability's sequence finished.
    case finished
    /// The capability's sequence threw: its ``BridgeError``, or `failed` with a generic message.
    case failed
    /// No value came within the capability's deadline (ST4).
    case timeout

    var wire: StreamEndDelivery.End {
        switch self {
        case .finished: .finished
        case .failed: .failed
        case .timeout: .timeout
        }
    }
}
