extension ConnectionState {
    /// What an open connection keeps: the current document with its pending calls, the deadline
    /// watcher, the page facts, the events and the app's termination handler. Its methods are the
    /// transitions the open state shares; ``ConnectionState`` decides when they run.
    struct Open: Sendable {
        /// The main document current now; a navigation or a dead web process begins the next one.
        var document = DocumentID(generation: 0)
        /// The policy's reading of the last main document URL a message came with.
        var page: PageFacts?
        /// The calls waiting for an answer, by id; page and native ids come from one counter.
        var pageCalls: [UInt64: PendingCall<PageWork>] = [:]
        var nativeCalls: [UInt64: PendingCall<NativeWork>] = [:]
        /// The deadline the watcher sleeps towards, and the generation of that watcher.
        var armedDeadline: BridgeInstant?
        var watcherGeneration: UInt64 = 0
        var watcher: Task<Void, Never>?
        var lastID: UInt64 = 0
        var events: NativeEventOutbox
        var terminationHandler: (@Sendable (WebProcessTermination) -> Void)?

        init(eventCapacity: Int) {
            events = NativeEventOutbox(capacity: eventCapacity)
        }

        /// One admission for both kinds of call: refused for a document that is gone or over the
        /// limit; else a new id, and a watcher when this deadline comes before the armed one.
        mutating func admit(of caller: DocumentID, pending: Int, limit: Int, deadline: BridgeInstant) -> Admission {
            if caller != document { return .refused(.staleDocument, document: document) }
            if pending >= limit { return .refused(.overLimit, document: document) }
            lastID &+= 1
            return .admitted(id: lastID, document: document, watch: arm(deadline))
        }

        /// Makes sure a watcher wakes by `deadline`: one watcher sleeps towards the earliest
        /// deadline, and an earlier one replaces it under a new generation.
        private mutating func arm(_ deadline: BridgeInstant) -> DeadlineWatch? {
            if let armedDeadline, armedDeadline <= deadline { return nil }
            armedDeadline = deadline
            watcherGeneration &+= 1
            let replaced = watcher
            watcher = nil
            return DeadlineWatch(generation: watcherGeneration, wake: deadline, replacing: replaced)
        }

        mutating func deadlinePassed(at now: BridgeInstant, watcher generation: UInt64) -> Expiry {
            guard generation == watcherGeneration else { return Expiry(expired: .none, next: nil) }
            let expired = takeCalls { $0 <= now }
            armedDeadline = earliestDeadline
            if armedDeadline == nil { watcher = nil }
            return Expiry(expired: expired, next: armedDeadline)
        }

        mutating func beginNextDocument() -> NewDocument {
            document = DocumentID(generation: document.generation &+ 1)
            events.reset()
            return NewDocument(document: document, earlier: takeCalls { _ in true })
        }

        private var earliestDeadline: BridgeInstant? {
            let page = pageCalls.values.lazy.map(\.deadline).min()
            let native = nativeCalls.values.lazy.map(\.deadline).min()
            return [page, native].compactMap { $0 }.min()
        }

        /// Removes and hands back, oldest first, every pending call whose deadline `isDue`.
        mutating func takeCalls(where isDue: (BridgeInstant) -> Bool) -> Settlement {
            Settlement(
                page: Self.take(from: &pageCalls, where: isDue), native: Self.take(from: &nativeCalls, where: isDue))
        }

        private static func take<Work>(
            from calls: inout [UInt64: PendingCall<Work>], where isDue: (BridgeInstant) -> Bool
        ) -> [PendingCall<Work>] {
            if calls.isEmpty { return [] }
            let due = calls.filter { isDue($0.value.deadline) }.sorted { $0.key < $1.key }
            for (id, _) in due { calls[id] = nil }
            return due.map(\.value)
        }

        mutating func finishPageCall(_ id: UInt64) -> Finish<PageWork> {
            Self.finish(id, in: &pageCalls, lastID: lastID)
        }

        mutating func finishNativeCall(_ id: UInt64) -> Finish<NativeWork> {
            Self.finish(id, in: &nativeCalls, lastID: lastID)
        }

        private static func finish<Work>(
            _ id: UInt64, in calls: inout [UInt64: PendingCall<Work>], lastID: UInt64
        ) -> Finish<Work> {
            if let call = calls.removeValue(forKey: id) { return .pending(call) }
            return id != 0 && id <= lastID ? .settled : .unknown
        }
    }
}
