import Foundation

/// A value guarded by a lock, for the few pieces of state shared across tasks.
///
/// `NSLock` keeps the core available on iOS 15 and macOS 12, where `Synchronization.Mutex` is not.
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
