#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Android)
import Android
#endif

/// A value guarded by a lock, for the few pieces of state shared across tasks.
///
/// One allocation holds both the value and the lock (`os_unfair_lock` on Apple platforms,
/// a `pthread_mutex_t` elsewhere), so the core stays available on iOS 15 and macOS 12, where
/// `Synchronization.Mutex` is not, without the extra object an `NSLock` costs. Copies share
/// that one allocation: the value is guarded wherever a copy goes.
package struct Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only read or written inside `withLock`, which holds the lock.
    private let storage: Storage

    package init(_ value: Value) {
        // Cannot fail: `create` makes an instance of the class it is called on.
        storage = Storage.create(minimumCapacity: 1) { _ in value } as! Storage
        storage.withUnsafeMutablePointerToElements { lock in Storage.initialize(lock) }
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, lock in
            Storage.lock(lock)
            defer { Storage.unlock(lock) }
            return try body(&value.pointee)
        }
    }

    /// The value and its lock, in one heap object.
    private final class Storage: ManagedBuffer<Value, Storage.Lock> {
        #if canImport(Darwin)
        typealias Lock = os_unfair_lock
        static func initialize(_ lock: UnsafeMutablePointer<Lock>) { lock.initialize(to: os_unfair_lock()) }
        static func lock(_ lock: UnsafeMutablePointer<Lock>) { os_unfair_lock_lock(lock) }
        static func unlock(_ lock: UnsafeMutablePointer<Lock>) { os_unfair_lock_unlock(lock) }
        static func destroy(_ lock: UnsafeMutablePointer<Lock>) {}
        #else
        typealias Lock = pthread_mutex_t
        static func initialize(_ lock: UnsafeMutablePointer<Lock>) { pthread_mutex_init(lock, nil) }
        static func lock(_ lock: UnsafeMutablePointer<Lock>) { pthread_mutex_lock(lock) }
        static func unlock(_ lock: UnsafeMutablePointer<Lock>) { pthread_mutex_unlock(lock) }
        static func destroy(_ lock: UnsafeMutablePointer<Lock>) { pthread_mutex_destroy(lock) }
        #endif

        deinit {
            withUnsafeMutablePointerToElements { lock in
                Self.destroy(lock)
                lock.deinitialize(count: 1)
            }
        }
    }
}
