/// Which native events a page subscribed to, and the bounded backlog of those it has not yet (X3).
///
/// A pure state machine: the connection calls it under its lock and acts on what it returns.
package struct NativeEventOutbox: Sendable {
    /// What to do with an emitted event.
    package enum EmitAction: Sendable, Equatable {
        /// The page subscribed: deliver it now.
        case deliver
        /// Kept until the page subscribes.
        case buffered
        /// Kept, and the oldest kept event (named here) was dropped to make room.
        case bufferedDroppingOldest(String)
    }

    private let capacity: Int
    private var subscribed: Set<String> = []
    private var backlog: [(name: String, data: JSONValue)] = []

    package init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    package mutating func emit(_ name: String, data: JSONValue) -> EmitAction {
        if subscribed.contains(name) { return .deliver }
        guard capacity > 0 else { return .bufferedDroppingOldest(name) }
        backlog.append((name, data))
        guard backlog.count > capacity else { return .buffered }
        return .bufferedDroppingOldest(backlog.removeFirst().name)
    }

    /// Subscribes the page to `name` and hands over that event's backlog, oldest first.
    package mutating func subscribe(_ name: String) -> [JSONValue] {
        subscribed.insert(name)
        var delivered: [JSONValue] = []
        backlog.removeAll { event in
            guard event.name == name else { return false }
            delivered.append(event.data)
            return true
        }
        return delivered
    }

    /// Forgets subscriptions and backlog: a new document starts afresh.
    package mutating func reset() {
        subscribed.removeAll()
        backlog.removeAll()
    }
}
