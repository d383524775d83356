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
/// It is in one of two states. Open, it keeps the current document with its calls, its deadline
/// watcher, its page facts, its events and the app's termination handler (`Open`). Closed, it
/// keeps only the last document with its page facts (for traces) and the last call id, and
/// accepts nothing: calls are refused
/// `closed`, navigations, restores and dead web processes are ignored (no document begins, no
/// `host.ready` is queued, no handler is handed back), events are kept nowhere, subscriptions are
/// refused, and answers find their call settled already (C5).
///
/// `PageWork` and `NativeWork` are what the connection needs to settle a page call and a native
/// call; the state machine only keeps them and hands them back.
package struct ConnectionState<PageWork: Sendable, NativeWork: Sendable>: Sendable {
    private enum Phase: Sendable {
        case open(Open)
        case closed(Closed)
    }

    /// What a closed connection keeps: the last document and its page facts, for the traces of
    /// what still reaches it, and the last call id, to tell a late answer from one to a call never
    /// made.
    private struct Closed: Sendable {
        let document: DocumentID
        let page: PageFacts?
        let lastID: UInt64

        init(_ open: Open) {
            (document, page, lastID) = (open.document, open.page, open.lastID)
        }
    }

    private var phase: Phase

    package init(eventCapacity: Int) {
        phase = .open(Open(eventCapacity: eventCapacity))
    }

    /// The main document current now; a navigation or a dead web process begins the next one. Once
    /// closed, the last one, for good.
    package var document: DocumentID {
        switch phase {
        case .open(let open): open.document
        case .closed(let closed): closed.document
        }
    }

    /// Whether the web view is gone: a closed connection accepts nothing.
    package var isClosed: Bool {
        if case .closed = phase { return true }
        return false
    }

    /// The policy's reading of the last main document URL a message came with; once closed, the
    /// last one read before the close.
    package var page: PageFacts? {
        switch phase {
        case .open(let open): open.page
        case .closed(let closed): closed.page
        }
    }
    /// The calls waiting for an answer, by id; page and native ids come from one counter.
    package var pageCalls: [UInt64: PendingCall<PageWork>] { openState?.pageCalls ?? [:] }
    package var nativeCalls: [UInt64: PendingCall<NativeWork>] { openState?.nativeCalls ?? [:] }
    /// The deadline the watcher sleeps towards.
    package var armedDeadline: BridgeInstant? { openState?.armedDeadline }

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
    /// ``remember(_:)`` it. A `nil` URL (no navigation committed yet) is a URL like any other. Once
    /// closed, the last document, and the facts read before the close.
    package func arrival(from url: URL?) -> (document: DocumentID, page: PageFacts?) {
        guard let page, page.url == url else { return (document, nil) }
        return (document, page)
    }

    /// Keeps the policy's reading of a main document URL for the messages that follow; ignored once
    /// closed.
    package mutating func remember(_ page: PageFacts) {
        whenOpen { $0.page = page }
    }

    // MARK: Calls

    /// A capability is to run for a message of `caller`, due at `deadline` (C5, S4, X7).
    package mutating func admitPageCall(
        _ work: PageWork, of caller: DocumentID, deadline: BridgeInstant, limit: Int
    ) -> Admission {
        whenOpen { open in
            let admission = open.admit(of: caller, pending: open.pageCalls.count, limit: limit, deadline: deadline)
            if case .admitted(let id, _, _) = admission {
                open.pageCalls[id] = PendingCall(deadline: deadline, work: work)
            }
            return admission
        } ?? .refused(.closed, document: document)
    }

    /// The app calls a page handler of the current document, due at `deadline` (X4, X7).
    package mutating func admitNativeCall(_ work: NativeWork, deadline: BridgeInstant, limit: Int) -> Admission {
        whenOpen { open in
            let admission = open.admit(
                of: open.document, pending: open.nativeCalls.count, limit: limit, deadline: deadline)
            if case .admitted(let id, _, _) = admission {
                open.nativeCalls[id] = PendingCall(deadline: deadline, work: work)
            }
            return admission
        } ?? .refused(.closed, document: document)
    }

    /// The connection started `task` for `role`: kept, or handed back to be cancelled when what it
    /// was started for ended in the meantime (the call settled, the watcher was replaced, the
    /// connection closed).
    package mutating func started(_ task: Task<Void, Never>, for role: TaskRole) -> Task<Void, Never>? {
        whenOpen { open in
            switch role {
            case .call(let id):
                guard open.pageCalls[id] != nil else { return task }
                open.pageCalls[id]?.task = task
            case .watcher(let generation):
                guard generation == open.watcherGeneration, open.armedDeadline != nil else { return task }
                open.watcher = task
            }
            return nil
        } ?? task
    }

    /// Page call `id`'s handler answered (C5): the call to settle, or `.settled` when its deadline,
    /// its document's end or the close settled it first.
    package mutating func finishPageCall(_ id: UInt64) -> Finish<PageWork> {
        whenOpen { $0.finishPageCall(id) } ?? closedFinish(id)
    }

    /// `caller`'s main frame answered native call `id` (X4): the caller to resume, or why not.
    package mutating func finishNativeCall(_ id: UInt64, answeredFrom caller: DocumentID) -> Finish<NativeWork> {
        guard caller == document else { return .notCurrentDocument }
        return whenOpen { $0.finishNativeCall(id) } ?? closedFinish(id)
    }

    // MARK: Events

    /// The app emits event `name` (X3): what the outbox does with it (`nil` once closed), and the
    /// document it was meant for.
    package mutating func emit(
        _ name: String, data: JSONValue
    ) -> (action: NativeEventOutbox.EmitAction?, document: DocumentID) {
        (whenOpen { $0.events.emit(name, data: data) }, document)
    }

    /// `caller`'s main frame subscribes to `name` (X3): the event's backlog, oldest first; `nil` when
    /// `caller` is not the current document or the connection is closed.
    package mutating func subscribe(to name: String, from caller: DocumentID) -> [JSONValue]? {
        whenOpen { open in
            guard caller == open.document else { return nil }
            return open.events.subscribe(name)
        } ?? nil
    }

    // MARK: Lifecycle

    /// The main frame committed a navigation (S4, X3): the next document begins with no
    /// subscription and `host.ready` in its backlog; the earlier documents' calls are handed back.
    /// `nil` once closed: no document begins and nothing is queued.
    package mutating func documentBegins() -> NewDocument? {
        whenOpen { open in
            let next = open.beginNextDocument()
            _ = open.events.emit(NativeEvent<NoResult>.ready.name, data: .null)
            return next
        }
    }

    /// The main frame shows again a document restored from the back-forward cache (S4, X3): it is
    /// current again under the next id, with no subscription (its page subscribes again) and no
    /// `host.ready`, which it heard when it began; the calls of the document it replaces are handed
    /// back. Its own calls were handed back when it left. `nil` once closed.
    package mutating func documentRestored() -> NewDocument? {
        whenOpen { $0.beginNextDocument() }
    }

    /// The web content process died (C5, S4): a new document begins at once (the reload's commit
    /// queues `host.ready`); the pending calls and the app's handler are handed back. `nil` once
    /// closed: the web view is gone, there is nothing to reload.
    package mutating func webProcessDied() -> (
        next: NewDocument, handler: (@Sendable (WebProcessTermination) -> Void)?
    )? {
        whenOpen { ($0.beginNextDocument(), $0.terminationHandler) }
    }

    /// The app sets what to do when the web content process dies; ignored once closed.
    package mutating func setTerminationHandler(_ handler: @escaping @Sendable (WebProcessTermination) -> Void) {
        whenOpen { $0.terminationHandler = handler }
    }

    /// The web view is gone (C5): closed for good, with every pending call and the watcher handed
    /// back; what the open connection kept (events, the termination handler) is let go.
    /// Closing again hands back nothing.
    package mutating func close() -> Closing {
        guard case .open(var open) = phase else { return Closing(calls: .none, watcher: nil) }
        phase = .closed(Closed(open))
        return Closing(calls: open.takeCalls { _ in true }, watcher: open.watcher)
    }

    // MARK: Deadlines

    /// Watcher `generation` woke at `now` (C5): the calls whose deadline passed, and the next
    /// deadline to sleep towards; none when that watcher was replaced, nothing is pending or the
    /// connection closed.
    package mutating func deadlinePassed(at now: BridgeInstant, watcher generation: UInt64) -> Expiry {
        whenOpen { $0.deadlinePassed(at: now, watcher: generation) } ?? Expiry(expired: .none, next: nil)
    }

    // MARK: The states

    private var openState: Open? {
        if case .open(let open) = phase { return open }
        return nil
    }

    /// Runs `transition` on the open state, or returns `nil` once closed. The state is taken out
    /// of the enum while it runs, so its dictionaries are changed in place, not copied.
    @discardableResult
    private mutating func whenOpen<Result>(_ transition: (inout Open) -> Result) -> Result? {
        guard case .open(var open) = phase else { return nil }
        phase = .closed(Closed(open))
        defer { phase = .open(open) }
        return transition(&open)
    }

    /// An answer reaching a closed connection: close settled every call it had made.
    private func closedFinish<Work: Sendable>(_ id: UInt64) -> Finish<Work> {
        guard case .closed(let closed) = phase else { return .unknown }
        return id != 0 && id <= closed.lastID ? .settled : .unknown
    }
}
