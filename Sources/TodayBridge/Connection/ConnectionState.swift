#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The connection's state machine: the one place that decides what a connection does with a call,
/// a navigation, a dead web process, a close or a deadline (C5, S4, X4, X7).
///
/// The connection keeps it under its lock. Each mutating method takes one event and returns what
/// the connection runs once the lock is released: calls to settle, a deadline watcher to start, a
/// task to cancel. It starts no task and calls nothing, so its transitions are tested as a table
/// (`ConnectionStateTests`). The picture is in the Architecture article.
///
/// `PageWork` and `NativeWork` are what the connection needs to settle a page call and a native
/// call; the state machine only keeps them and hands them back.
package struct ConnectionState<PageWork: Sendable, NativeWork: Sendable>: Sendable {
    /// The main document current now; a navigation or a dead web process begins the next one.
    package private(set) var document = DocumentID(generation: 0)
    /// Whether the web view is gone: a closed connection admits no call and keeps no event.
    package private(set) var isClosed = false
    /// The policy's reading of the last main document URL a message came with.
    package private(set) var page: PageFacts?
    /// The calls waiting for an answer, by id; page and native ids come from one counter.
    package private(set) var pageCalls: [UInt64: PendingCall<PageWork>] = [:]
    package private(set) var nativeCalls: [UInt64: PendingCall<NativeWork>] = [:]
    /// The deadline the watcher sleeps towards, and the generation of that watcher.
    package private(set) var armedDeadline: BridgeInstant?
    package private(set) var watcherGeneration: UInt64 = 0
    private var watcher: Task<Void, Never>?
    private var lastID: UInt64 = 0
    private var events: NativeEventOutbox
    private var terminationHandler: (@Sendable (WebProcessTermination) -> Void)?

    package init(eventCapacity: Int) {
        events = NativeEventOutbox(capacity: eventCapacity)
    }

    /// Calls not yet settled, page and native.
    package var pendingCallCount: Int { pageCalls.count + nativeCalls.count }

    /// Whether `document` is still shown: not once the main frame navigated, the web process
    /// died, or the web view closed (S4).
    package func isShowing(_ document: DocumentID) -> Bool {
        !isClosed && document == self.document
    }

    // MARK: Messages

    /// A message arrives from a main document at `url`: the document to stamp it with (S4), and the
    /// policy's reading of `url` when it is the one kept; `nil` asks the connection to read it and
    /// ``remember(_:)`` it. A `nil` URL (no navigation committed yet) is a URL like any other.
    package func arrival(from url: URL?) -> (document: DocumentID, page: PageFacts?) {
        guard let page, page.url == url else { return (document, nil) }
        return (document, page)
    }

    /// Keeps the policy's reading of a main document URL for the messages that follow.
    package mutating func remember(_ page: PageFacts) {
        self.page = page
    }

    // MARK: Calls

    /// A capability is to run for a message of `caller`, due at `deadline` (C5, S4, X7).
    package mutating func admitPageCall(_ work: PageWork, of caller: DocumentID, deadline: BridgeInstant, limit: Int) -> Admission {
        let admission = admit(of: caller, pending: pageCalls.count, limit: limit, deadline: deadline)
        if case .admitted(let id, _, _) = admission { pageCalls[id] = PendingCall(deadline: deadline, work: work) }
        return admission
    }

    /// The app calls a page handler of the current document, due at `deadline` (X4, X7).
    package mutating func admitNativeCall(_ work: NativeWork, deadline: BridgeInstant, limit: Int) -> Admission {
        let admission = admit(of: document, pending: nativeCalls.count, limit: limit, deadline: deadline)
        if case .admitted(let id, _, _) = admission { nativeCalls[id] = PendingCall(deadline: deadline, work: work) }
        return admission
    }

    /// The connection started `task` for `role`: kept, or handed back to be cancelled when what it
    /// was started for ended in the meantime (the call settled, the watcher was replaced).
    package mutating func started(_ task: Task<Void, Never>, for role: TaskRole) -> Task<Void, Never>? {
        switch role {
        case .call(let id):
            guard pageCalls[id] != nil else { return task }
            pageCalls[id]?.task = task
        case .watcher(let generation):
            guard generation == watcherGeneration, armedDeadline != nil else { return task }
            watcher = task
        }
        return nil
    }

    /// Page call `id`'s handler answered (C5): the call to settle, or `.settled` when its deadline
    /// or its document's end settled it first.
    package mutating func finishPageCall(_ id: UInt64) -> Finish<PageWork> {
        Self.finish(id, in: &pageCalls, lastID: lastID)
    }

    /// `caller`'s main frame answered native call `id` (X4): the caller to resume, or why not.
    package mutating func finishNativeCall(_ id: UInt64, answeredFrom caller: DocumentID) -> Finish<NativeWork> {
        guard caller == document else { return .notCurrentDocument }
        return Self.finish(id, in: &nativeCalls, lastID: lastID)
    }

    // MARK: Events

    /// The app emits event `name` (X3): what the outbox does with it (`nil` once closed), and the
    /// document it was meant for.
    package mutating func emit(_ name: String, data: JSONValue) -> (action: NativeEventOutbox.EmitAction?, document: DocumentID) {
        (isClosed ? nil : events.emit(name, data: data), document)
    }

    /// `caller`'s main frame subscribes to `name` (X3): the event's backlog, oldest first; `nil` when
    /// `caller` is not the current document.
    package mutating func subscribe(to name: String, from caller: DocumentID) -> [JSONValue]? {
        guard caller == document else { return nil }
        return events.subscribe(name)
    }

    // MARK: Lifecycle

    /// The main frame committed a navigation (S4, X3): the next document begins with no
    /// subscription and `host.ready` in its backlog; the earlier documents' calls are handed back.
    package mutating func documentBegins() -> NewDocument {
        let next = beginNextDocument()
        _ = events.emit(NativeEvent<NoResult>.ready.name, data: .null)
        return next
    }

    /// The main frame shows again a document restored from the back-forward cache (S4, X3): it is
    /// current again under the next id, with no subscription (its page subscribes again) and no
    /// `host.ready`, which it heard when it began; the calls of the document it replaces are handed
    /// back. Its own calls were handed back when it left.
    package mutating func documentRestored() -> NewDocument {
        beginNextDocument()
    }

    /// The web content process died (C5, S4): a new document begins at once (the reload's commit
    /// queues `host.ready`); the pending calls and the app's handler are handed back.
    package mutating func webProcessDied() -> (next: NewDocument, handler: (@Sendable (WebProcessTermination) -> Void)?) {
        (beginNextDocument(), terminationHandler)
    }

    /// The app sets what to do when the web content process dies.
    package mutating func setTerminationHandler(_ handler: @escaping @Sendable (WebProcessTermination) -> Void) {
        terminationHandler = handler
    }

    /// The web view is gone (C5): closed for good, with every pending call and the watcher handed back.
    package mutating func close() -> Closing {
        isClosed = true
        events.reset()
        armedDeadline = nil
        watcherGeneration &+= 1
        let watcher = self.watcher
        self.watcher = nil
        return Closing(calls: takeCalls { _ in true }, watcher: watcher)
    }

    // MARK: Deadlines

    /// Watcher `generation` woke at `now` (C5): the calls whose deadline passed, and the next
    /// deadline to sleep towards; none when that watcher was replaced or nothing is pending.
    package mutating func deadlinePassed(at now: BridgeInstant, watcher generation: UInt64) -> Expiry {
        guard generation == watcherGeneration else { return Expiry(expired: .none, next: nil) }
        let expired = takeCalls { $0 <= now }
        armedDeadline = earliestDeadline
        if armedDeadline == nil { watcher = nil }
        return Expiry(expired: expired, next: armedDeadline)
    }

    // MARK: Transitions shared by the events

    /// One admission for both kinds of call: refused once closed, for a document that is gone, or
    /// over the limit; else a new id, and a watcher when this deadline comes before the armed one.
    private mutating func admit(of caller: DocumentID, pending: Int, limit: Int, deadline: BridgeInstant) -> Admission {
        if isClosed { return .refused(.closed, document: document) }
        if caller != document { return .refused(.staleDocument, document: document) }
        if pending >= limit { return .refused(.overLimit, document: document) }
        lastID &+= 1
        return .admitted(id: lastID, document: document, watch: arm(deadline))
    }

    /// Makes sure a watcher wakes by `deadline`: one watcher sleeps towards the earliest deadline,
    /// and an earlier one replaces it under a new generation.
    private mutating func arm(_ deadline: BridgeInstant) -> DeadlineWatch? {
        if let armedDeadline, armedDeadline <= deadline { return nil }
        armedDeadline = deadline
        watcherGeneration &+= 1
        let replaced = watcher
        watcher = nil
        return DeadlineWatch(generation: watcherGeneration, wake: deadline, replacing: replaced)
    }

    private mutating func beginNextDocument() -> NewDocument {
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
    private mutating func takeCalls(where isDue: (BridgeInstant) -> Bool) -> Settlement {
        Settlement(page: Self.take(from: &pageCalls, where: isDue), native: Self.take(from: &nativeCalls, where: isDue))
    }

    private static func take<Work>(from calls: inout [UInt64: PendingCall<Work>], where isDue: (BridgeInstant) -> Bool) -> [PendingCall<Work>] {
        if calls.isEmpty { return [] }
        let due = calls.filter { isDue($0.value.deadline) }.sorted { $0.key < $1.key }
        for (id, _) in due { calls[id] = nil }
        return due.map(\.value)
    }

    private static func finish<Work>(_ id: UInt64, in calls: inout [UInt64: PendingCall<Work>], lastID: UInt64) -> Finish<Work> {
        if let call = calls.removeValue(forKey: id) { return .pending(call) }
        return id != 0 && id <= lastID ? .settled : .unknown
    }
}
