#if os(Linux)
import CWebKitGTK
import TodayBridge

extension WebProcessTermination {
    /// WebKitGTK's reason for a web process ending, as the core names it.
    init(_ reason: WebKitWebProcessTerminationReason) {
        if reason == WEBKIT_WEB_PROCESS_CRASHED {
            self = .crashed
        } else if reason == WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT {
            self = .exceededMemoryLimit
        } else if reason == WEBKIT_WEB_PROCESS_TERMINATED_BY_API {
            self = .terminatedByApp
        } else {
            self = .unknown
        }
    }
}
#endif
