/// Everything a connection holds between messages; only touched under the connection's lock.
package struct ConnectionState: Sendable {
    package var document = DocumentID(generation: 0)
    /// The policy's reading of the last main document URL a message came with.
    package var page: PageFacts?
    package var isClosed = false
    package var nextID: UInt64 = 0
    package var pageCalls: [UInt64: PageCall] = [:]
    package var nativeCalls: [UInt64: PendingNativeCall] = [:]
    package var events: EventOutbox
    /// The deadline the watcher sleeps towards, and the generation that identifies that watcher.
    package var armedDeadline: BridgeInstant?
    package var watcherGeneration: UInt64 = 0
    package var watcher: Task<Void, Never>?
    /// The app's handler for the web content process ending.
    package var terminationHandler: (@Sendable (WebProcessTermination) -> Void)?

    package init(eventCapacity: Int) {
        events = EventOutbox(capacity: eventCapacity)
    }

    package mutating func makeID() -> UInt64 {
        nextID &+= 1
        return nextID
    }

    /// The earliest deadline of any pending call.
    package var earliestDeadline: BridgeInstant? {
        let page = pageCalls.values.lazy.map(\.deadline).min()
        let native = nativeCalls.values.lazy.map(\.deadline).min()
        return [page, native].compactMap { $0 }.min()
    }

    /// Begins the next main-frame document: a new id, event subscriptions and backlog afresh, and
    /// every call of the earlier documents removed and returned, to be settled (S4).
    package mutating func beginNextDocument() -> (document: DocumentID, earlier: (page: [PageCall], native: [PendingNativeCall])) {
        document = DocumentID(generation: document.generation &+ 1)
        events.reset()
        return (document, takeCalls { _, _ in true })
    }

    /// Removes and returns every pending call, page and native, for which `isDone` holds.
    package mutating func takeCalls(
        where isDone: (_ deadline: BridgeInstant, _ document: DocumentID) -> Bool
    ) -> (page: [PageCall], native: [PendingNativeCall]) {
        let page = pageCalls.filter { isDone($0.value.deadline, $0.value.document) }
        let native = nativeCalls.filter { isDone($0.value.deadline, $0.value.document) }
        for id in page.keys { pageCalls[id] = nil }
        for id in native.keys { nativeCalls[id] = nil }
        return (Array(page.values), Array(native.values))
    }
}
