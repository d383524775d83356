import Synchronization
import TodayBridge

/// A bridge or a web view the Kotlin glue holds by handle; its host completes service calls.
protocol HostedObject: AnyObject, Sendable {
    var host: HostChannel { get }
}

/// The bridges, web views and traffic recorders the Kotlin glue holds, by the `long` handle it
/// was given. A handle that is unknown (never given, or already released) finds nothing: the call
/// does nothing, rather than touching freed memory.
enum Handles {
    private static let objects = Mutex(HandleTable())

    static func add(_ object: any AnyObject & Sendable) -> Int64 {
        objects.withLock { table in
            table.next += 1
            table.byHandle[table.next] = object
            return table.next
        }
    }

    /// Adds the object `make` builds with its own handle.
    static func insert<Object: AnyObject & Sendable>(_ make: (Int64) -> Object) -> Object {
        objects.withLock { table in
            table.next += 1
            let object = make(table.next)
            table.byHandle[table.next] = object
            return object
        }
    }

    static func find<Object: AnyObject>(_ handle: Int64, as type: Object.Type = Object.self) -> Object? {
        objects.withLock { $0.byHandle[handle] } as? Object
    }

    /// A bridge or a web view, whichever `handle` is.
    static func findHosted(_ handle: Int64) -> (any HostedObject)? {
        objects.withLock { $0.byHandle[handle] } as? any HostedObject
    }

    static func remove<Object: AnyObject>(_ handle: Int64, as type: Object.Type = Object.self) -> Object? {
        objects.withLock { table in
            guard table.byHandle[handle] is Object else { return nil }
            return table.byHandle.removeValue(forKey: handle) as? Object
        }
    }
}

private struct HandleTable {
    var next: Int64 = 0
    var byHandle: [Int64: any AnyObject & Sendable] = [:]
}
