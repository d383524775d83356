/// The `track` events a bridge has accepted and not yet handed to its sink: a bounded FIFO with
/// one drain task at a time, which hands whatever has arrived to the sink as one batch (T1, X7).
///
/// A page's burst of `track` calls is bounded here, not by the in-flight limit: when
/// ``BridgeLimits/maxQueuedEvents`` are waiting, the oldest is dropped with an `analyticsDropped`
/// diagnostic, as the PostHog sink drops its oldest when its own queue is full.
package final class AnalyticsQueue<Item: Sendable>: Sendable {
    private struct State {
        var items: [Item] = []
        var head = 0
        var isDraining = false
        var idleWaiters: [CheckedContinuation<Void, Never>] = []

        var count: Int { items.count - head }

        /// Takes everything waiting, oldest first.
        mutating func takeAll() -> ArraySlice<Item> {
            defer {
                items.removeAll(keepingCapacity: true)
                head = 0
            }
            return items[head...]
        }
    }

    private let state = Locked(State())
    private let capacity: Int
    private let observer: BridgeObserver
    private let drain: @Sendable (ArraySlice<Item>) async -> Void

    /// - Parameter drain: Hands one batch to the sink; called from one task at a time.
    package init(capacity: Int, observer: BridgeObserver, drain: @escaping @Sendable (ArraySlice<Item>) async -> Void) {
        self.capacity = max(1, capacity)
        self.observer = observer
        self.drain = drain
    }

    /// Adds an item; starts a drain task if none runs.
    package func enqueue(_ item: Item) {
        let (startDrain, dropped): (Bool, Bool) = state.withLock { state in
            var dropped = false
            if state.count >= capacity {
                state.head += 1
                dropped = true
                if state.head > state.items.count / 2 {
                    state.items.removeFirst(state.head)
                    state.head = 0
                }
            }
            state.items.append(item)
            guard !state.isDraining else { return (false, dropped) }
            state.isDraining = true
            return (true, dropped)
        }
        if dropped {
            observer.report(
                .analyticsDropped, "more than \(capacity) track events waiting for the sink; dropped the oldest",
                type: TrackCapability.type)
        }
        if startDrain { Task { await drainUntilEmpty() } }
    }

    /// Returns once every item enqueued so far has been handed to the sink.
    package func idle() async {
        await withCheckedContinuation { continuation in
            let isIdle = state.withLock { state in
                if !state.isDraining { return true }
                state.idleWaiters.append(continuation)
                return false
            }
            if isIdle { continuation.resume() }
        }
    }

    private func drainUntilEmpty() async {
        while true {
            let batch: ArraySlice<Item>? = state.withLock { state in
                if state.count > 0 { return state.takeAll() }
                state.isDraining = false
                return nil
            }
            guard let batch else { break }
            await drain(batch)
        }
        let waiters = state.withLock { state in
            defer { state.idleWaiters = [] }
            return state.isDraining ? [] : state.idleWaiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
