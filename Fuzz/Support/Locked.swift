import Foundation

/// A value guarded by a lock, shared by a fuzzer's tasks and its synchronous entry point.
///
/// The libraries' own lock is theirs alone (`package`); a fuzzer never needs its allocation savings.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only read or written inside `withLock`, which holds `lock`.
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
