import Foundation

/// A value guarded by a lock, shared by the tools' tasks, callbacks and child processes.
///
/// The libraries' own lock is theirs alone (`package`); tools never need its allocation savings.
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only read or written inside `withLock`, which holds `lock`.
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
