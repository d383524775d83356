import TodayBridgeAndroidWire

/// Why a call to the host failed.
enum HostServiceError: Error, CustomStringConvertible {
    /// The host answered with a failure.
    case failed(HostFailure)
    /// The host's answer was not what the service answers.
    case unreadable(String)
    /// The bridge or web view was closed before the host answered, or its host is gone.
    case destroyed
    /// Java threw when the call was handed over.
    case notDelivered

    var description: String {
        switch self {
        case .failed(let failure): failure.message
        case .unreadable(let reason): "the host's answer is unreadable: \(reason)"
        case .destroyed: "closed before the host answered"
        case .notDelivered: "the host threw when called"
        }
    }
}
