import Foundation
import TodayBridge
import ToolSupport

/// What pages reported to `/report/<name>`, in arrival order.
final class ReportBook: Sendable {
    private let reports = Locked<[(name: String, body: JSONValue)]>([])
    private let echo: (@Sendable (String, JSONValue) -> Void)?

    init(echo: (@Sendable (String, JSONValue) -> Void)?) {
        self.echo = echo
    }

    func add(_ body: JSONValue, name: String) {
        reports.withLock { $0.append((name, body)) }
        echo?(name, body)
    }

    func bodies(named name: String) -> [JSONValue] {
        reports.withLock { $0.filter { $0.name == name }.map(\.body) }
    }
}
