#if canImport(WebKit)
import TodayBridge

extension BridgeReply {
    /// The arguments of WebKit's `replyHandler`: a Foundation value (`nil` resolves `undefined`),
    /// or the rejection's reason as the error message the page's `Error` carries (C4).
    var webKitReply: (value: Any?, errorMessage: String?) {
        switch self {
        case .value(let value): (value?.foundationObject, nil)
        case .rejection(let reason): (nil, reason)
        }
    }

    /// The arguments of WebKit's `replyHandler` for the main frame's relay: the value's JSON text,
    /// which the page's channel parses (`nil` resolves `undefined`), or the rejection's reason.
    var webKitRelayReply: (text: String?, errorMessage: String?) {
        switch self {
        case .value(let value): (value?.jsonString, nil)
        case .rejection(let reason): (nil, reason)
        }
    }
}
#endif
