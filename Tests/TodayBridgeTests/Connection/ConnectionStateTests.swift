import Foundation
import Testing
import TodayBridge

/// The connection's state machine, alone: each row is a given state, one event, the action the
/// state machine returns and the state it leaves. No bridge, no task runs, no clock.
@Suite("C5 S4 X3 X4 X7 the connection's state machine")
struct ConnectionStateTests {
    /// Every table, one row a test case, named by the row with the rules it proves: admission,
    /// answers, lifecycle, deadlines, events, page facts, and every event once closed.
    static let rows = admissionRows + answerRows + lifecycleRows + deadlineRows + eventRows + pageFactRows + closedRows

    @Test(
        "C3 C5 C8 S1 S4 X3 X4 X7 ConnectionState row by row: a given state, one event, the action it returns, the state it leaves",
        arguments: Self.rows)
    func transition(_ row: Row) {
        var state = row.given.make()
        #expect(row.event.apply(to: &state) == row.expect)
        #expect(After(state) == row.after)
    }

    @Test("C5 a dead web process hands back the app's handler, to call once every call settled")
    func c5TerminationHandler() {
        var state = State(eventCapacity: 4)
        #expect(state.webProcessDied()?.handler == nil)
        state.setTerminationHandler { _ in }
        #expect(state.webProcessDied()?.handler != nil)
        #expect(state.document == DocumentID(generation: 2))
    }

    @Test("C5 a closed connection lets go of the app's termination handler and keeps none set later")
    func c5TerminationHandlerAfterClose() {
        var state = State(eventCapacity: 4)
        state.setTerminationHandler { _ in }
        _ = state.close()
        state.setTerminationHandler { _ in }
        #expect(state.webProcessDied() == nil)
        #expect(state.document == DocumentID(generation: 0))
    }

    @Test("S4 C5 a document is shown until the main frame navigates, the web process dies or the web view closes")
    func s4IsShowing() throws {
        var state = State(eventCapacity: 4)
        let first = state.document
        #expect(state.isShowing(first))
        let began = state.documentBegins()
        let next = try #require(began).document
        #expect(!state.isShowing(first) && state.isShowing(next))
        let died = state.webProcessDied()
        let afterCrash = try #require(died).next.document
        #expect(!state.isShowing(next) && state.isShowing(afterCrash))
        _ = state.close()
        #expect(!state.isShowing(afterCrash))
    }

    // MARK: The tables

    static let admissionRows: [Row] = [
        Row(
            "C5 a page call of the current document gets the next id and arms the first watcher",
            given: Given(), event: .admitPage("a", of: 1, due: 5),
            expect: .admitted(id: 1, document: 1, watch: Watch(generation: 1, wake: 5, replaces: false)),
            after: After(page: ["a"], armed: 5)),
        Row(
            "C5 a later deadline arms nothing: the watcher wakes earlier already",
            given: Given(page: [("a", 5)]), event: .admitPage("b", of: 1, due: 9),
            expect: .admitted(id: 2, document: 1, watch: nil),
            after: After(page: ["a", "b"], armed: 5)),
        Row(
            "C5 an earlier deadline replaces the watcher under the next generation",
            given: Given(page: [("a", 5)]), event: .admitPage("b", of: 1, due: 2),
            expect: .admitted(id: 2, document: 1, watch: Watch(generation: 2, wake: 2, replaces: true)),
            after: After(page: ["a", "b"], armed: 2)),
        Row(
            "S4 a page call of a document that is gone is refused",
            given: Given(document: 2), event: .admitPage("a", of: 1, due: 5),
            expect: .refused(.staleDocument, document: 2),
            after: After(document: 2)),
        Row(
            "C5 a closed connection refuses page calls",
            given: Given(closed: true), event: .admitPage("a", of: 1, due: 5),
            expect: .refused(.closed, document: 1),
            after: After(closed: true)),
        Row(
            "C5 X4 a closed connection refuses native calls",
            given: Given(closed: true), event: .admitNative("n", due: 5),
            expect: .refused(.closed, document: 1),
            after: After(closed: true)),
        Row(
            "X7 a page call over maxCallsInFlight is refused busy",
            given: Given(page: [("a", 5), ("b", 5)]), event: .admitPage("c", of: 1, due: 5, limit: 2),
            expect: .refused(.overLimit, document: 1),
            after: After(page: ["a", "b"], armed: 5)),
        Row(
            "X4 X7 a native call over maxPendingNativeCalls is refused busy",
            given: Given(native: [("n", 5)]), event: .admitNative("m", due: 5, limit: 1),
            expect: .refused(.overLimit, document: 1),
            after: After(native: ["n"], armed: 5)),
        Row(
            "X4 X7 page calls do not count against the native limit; ids come from one counter",
            given: Given(page: [("a", 5), ("b", 5)]), event: .admitNative("n", due: 9, limit: 1),
            expect: .admitted(id: 3, document: 1, watch: nil),
            after: After(page: ["a", "b"], native: ["n"], armed: 5)),
        Row(
            "X4 a native call belongs to the document current when it is made",
            given: Given(document: 3), event: .admitNative("n", due: 30),
            expect: .admitted(id: 1, document: 3, watch: Watch(generation: 1, wake: 30, replaces: false)),
            after: After(document: 3, native: ["n"], armed: 30)),
    ]

    static let answerRows: [Row] = [
        Row(
            "C5 a page call's answer settles it",
            given: Given(page: [("a", 5), ("b", 9)]), event: .finishPage(1),
            expect: .settle("a"),
            after: After(page: ["b"], armed: 5)),
        Row(
            "C5 an answer after the deadline settled the call is late",
            given: Given(page: [("a", 5)], then: [.deadlinePassed(at: 5, watcher: 1)]), event: .finishPage(1),
            expect: .alreadySettled,
            after: After()),
        Row(
            "C5 S4 an answer after a navigation settled the call is late",
            given: Given(page: [("a", 5)], then: [.documentBegins]), event: .finishPage(1),
            expect: .alreadySettled,
            after: After(document: 2, armed: 5)),
        Row(
            "X4 the page's answer resumes the native caller",
            given: Given(native: [("n", 5)]), event: .finishNative(1, from: 1),
            expect: .settle("n"),
            after: After(armed: 5)),
        Row(
            "C5 X4 a second answer to a native call is a duplicate",
            given: Given(native: [("n", 5)], then: [.finishNative(1, from: 1)]), event: .finishNative(1, from: 1),
            expect: .alreadySettled,
            after: After(armed: 5)),
        Row(
            "X4 an answer to a call never made is unknown",
            given: Given(native: [("n", 5)]), event: .finishNative(99, from: 1),
            expect: .unknown,
            after: After(native: ["n"], armed: 5)),
        Row(
            "X4 no call has id 0",
            given: Given(native: [("n", 5)]), event: .finishNative(0, from: 1),
            expect: .unknown,
            after: After(native: ["n"], armed: 5)),
        Row(
            "S1 X4 an answer from a document no longer shown settles nothing",
            given: Given(document: 1, then: [.documentBegins, .admitNative("n", due: 5)]),
            event: .finishNative(1, from: 1),
            expect: .notCurrentDocument,
            after: After(document: 2, native: ["n"], armed: 5)),
        Row(
            "C5 the task started for a pending call is kept",
            given: Given(page: [("a", 5)]), event: .callTaskStarted(1),
            expect: .kept,
            after: After(page: ["a"], armed: 5)),
        Row(
            "C5 a task started for a call settled in the meantime is handed back to cancel",
            given: Given(page: [("a", 5)], then: [.documentBegins]), event: .callTaskStarted(1),
            expect: .cancel,
            after: After(document: 2, armed: 5)),
    ]

    static let lifecycleRows: [Row] = [
        Row(
            "S4 a navigation begins the next document and hands back every call of the earlier one, oldest first",
            given: Given(page: [("a", 5), ("b", 9)], native: [("n", 7)]), event: .documentBegins,
            expect: .newDocument(2, settle: ["a", "b", "n"]),
            after: After(document: 2, armed: 5)),
        Row(
            "S4 a navigation with nothing pending only begins the next document",
            given: Given(document: 4), event: .documentBegins,
            expect: .newDocument(5, settle: []),
            after: After(document: 5)),
        Row(
            "S4 a document restored from the back-forward cache is current again under the next id, and the calls of the one it replaces are handed back",
            given: Given(page: [("a", 5)], native: [("n", 7)]), event: .documentRestored,
            expect: .newDocument(2, settle: ["a", "n"]),
            after: After(document: 2, armed: 5)),
        Row(
            "S4 C5 a restored document's calls are admitted under its new id",
            given: Given(then: [.documentBegins, .documentRestored]), event: .admitPage("a", of: 3, due: 5),
            expect: .admitted(id: 1, document: 3, watch: Watch(generation: 1, wake: 5, replaces: false)),
            after: After(document: 3, page: ["a"], armed: 5)),
        Row(
            "S4 a call stamped before the restore is refused as stale",
            given: Given(then: [.documentRestored]), event: .admitPage("a", of: 1, due: 5),
            expect: .refused(.staleDocument, document: 2),
            after: After(document: 2)),
        Row(
            "C5 S4 a dead web process begins the next document at once and hands back every call",
            given: Given(page: [("a", 5)], native: [("n", 7)]), event: .webProcessDied,
            expect: .newDocument(2, settle: ["a", "n"]),
            after: After(document: 2, armed: 5)),
        Row(
            "C5 close hands back every pending call and the watcher to cancel",
            given: Given(page: [("a", 5)], native: [("n", 7)]), event: .close,
            expect: .closing(settle: ["a", "n"], cancelsWatcher: true),
            after: After(closed: true)),
        Row(
            "C5 closing again hands back nothing",
            given: Given(closed: true), event: .close,
            expect: .closing(settle: [], cancelsWatcher: false),
            after: After(closed: true)),
    ]

    static let deadlineRows: [Row] = [
        Row(
            "C5 a watcher that wakes settles every call due, oldest first, and sleeps towards the next deadline",
            given: Given(page: [("a", 5), ("b", 9)], native: [("n", 5)]), event: .deadlinePassed(at: 5, watcher: 1),
            expect: .expired(["a", "n"], next: 9),
            after: After(page: ["b"], armed: 9)),
        Row(
            "C5 a watcher that wakes early settles nothing and sleeps on",
            given: Given(page: [("a", 5)]), event: .deadlinePassed(at: 4.5, watcher: 1),
            expect: .expired([], next: 5),
            after: After(page: ["a"], armed: 5)),
        Row(
            "C5 a watcher that leaves nothing pending ends",
            given: Given(page: [("a", 5)]), event: .deadlinePassed(at: 5, watcher: 1),
            expect: .expired(["a"], next: nil),
            after: After()),
        Row(
            "C5 a watcher replaced by one for an earlier deadline settles nothing and ends",
            given: Given(page: [("a", 5)], then: [.admitPage("b", of: 1, due: 2)]),
            event: .deadlinePassed(at: 5, watcher: 1),
            expect: .expired([], next: nil),
            after: After(page: ["a", "b"], armed: 2)),
        Row(
            "C5 a watcher that wakes after close settles nothing and ends",
            given: Given(closed: true), event: .deadlinePassed(at: 5, watcher: 1),
            expect: .expired([], next: nil),
            after: After(closed: true)),
        Row(
            "C5 a watcher that woke after a navigation finds nothing left and ends",
            given: Given(page: [("a", 5)], then: [.documentBegins]), event: .deadlinePassed(at: 5, watcher: 1),
            expect: .expired([], next: nil),
            after: After(document: 2)),
        Row(
            "C5 the watcher started for the armed deadline is kept",
            given: Given(page: [("a", 5)], watchers: false), event: .watcherStarted(1),
            expect: .kept,
            after: After(page: ["a"], armed: 5)),
        Row(
            "C5 a watcher replaced before it was recorded is handed back to cancel",
            given: Given(page: [("a", 5)], watchers: false, then: [.admitPage("b", of: 1, due: 2)]),
            event: .watcherStarted(1),
            expect: .cancel,
            after: After(page: ["a", "b"], armed: 2)),
        Row(
            "C5 a watcher whose calls all settled before it was recorded is handed back to cancel",
            given: Given(page: [("a", 5)], watchers: false, then: [.deadlinePassed(at: 5, watcher: 1)]),
            event: .watcherStarted(1),
            expect: .cancel,
            after: After()),
        Row(
            "C5 a watcher started just before close is handed back to cancel",
            given: Given(page: [("a", 5)], watchers: false, closed: true), event: .watcherStarted(1),
            expect: .cancel,
            after: After(closed: true)),
    ]

    static let eventRows: [Row] = [
        Row(
            "X3 an event nobody subscribed to is kept",
            given: Given(), event: .emit("cart"),
            expect: .emitted(.buffered, document: 1),
            after: After()),
        Row(
            "X3 an event the page subscribed to is delivered",
            given: Given(then: [.subscribe("cart", from: 1)]), event: .emit("cart"),
            expect: .emitted(.deliver, document: 1),
            after: After()),
        Row(
            "X3 X7 the backlog is bounded: the oldest event is dropped",
            given: Given(eventCapacity: 1), event: .emit("cart"),
            expect: .emitted(.bufferedDroppingOldest(NativeEvent<NoResult>.ready.name), document: 1),
            after: After()),
        Row(
            "X3 a closed connection keeps no event",
            given: Given(closed: true), event: .emit("cart"),
            expect: .emitted(nil, document: 1),
            after: After(closed: true)),
        Row(
            "X3 a subscription hands over that event's backlog, oldest first",
            given: Given(then: [.emit("cart", data: 1), .emit("other"), .emit("cart", data: 2)]),
            event: .subscribe("cart", from: 1),
            expect: .subscribed([1, 2]),
            after: After()),
        Row(
            "X3 a navigation queues host.ready for the new document",
            given: Given(document: 2), event: .subscribe(NativeEvent<NoResult>.ready.name, from: 2),
            expect: .subscribed([.null]),
            after: After(document: 2)),
        Row(
            "X3 S4 a navigation drops the old document's backlog",
            given: Given(then: [.emit("cart"), .documentBegins]), event: .subscribe("cart", from: 2),
            expect: .subscribed([]),
            after: After(document: 2)),
        Row(
            "X3 C5 after a dead web process nothing is queued until the reload commits",
            given: Given(then: [.webProcessDied]), event: .subscribe(NativeEvent<NoResult>.ready.name, from: 2),
            expect: .subscribed([]),
            after: After(document: 2)),
        Row(
            "X3 S4 a restored document hears no second host.ready: it heard the first when it began",
            given: Given(document: 1, then: [.documentBegins, .documentRestored]),
            event: .subscribe(NativeEvent<NoResult>.ready.name, from: 3),
            expect: .subscribed([]),
            after: After(document: 3)),
        Row(
            "X3 S4 a restore drops the backlog of the document it replaces; the restored page subscribes again",
            given: Given(then: [.subscribe("cart", from: 1), .emit("cart"), .documentRestored]), event: .emit("cart"),
            expect: .emitted(.buffered, document: 2),
            after: After(document: 2)),
        Row(
            "S1 X3 a document no longer shown cannot subscribe",
            given: Given(document: 2), event: .subscribe("cart", from: 1),
            expect: .subscribed(nil),
            after: After(document: 2)),
    ]

    /// A closed connection accepts nothing: every event after `close` is refused or ignored, and
    /// the state it leaves is the closed one, on the last document, with nothing pending.
    static let closedRows: [Row] = [
        Row(
            "C5 after close a page call is refused closed, before its document or the limit is asked",
            given: Given(document: 2, closed: true), event: .admitPage("a", of: 1, due: 5, limit: 0),
            expect: .refused(.closed, document: 2),
            after: After(document: 2, closed: true)),
        Row(
            "C5 X4 after close a native call is refused closed, before the limit is asked",
            given: Given(closed: true), event: .admitNative("n", due: 5, limit: 0),
            expect: .refused(.closed, document: 1),
            after: After(closed: true)),
        Row(
            "C5 after close a page call's answer is late: close settled it",
            given: Given(page: [("a", 5)], closed: true), event: .finishPage(1),
            expect: .alreadySettled,
            after: After(closed: true)),
        Row(
            "C5 X4 after close the page's answer to a native call is late: close settled it",
            given: Given(native: [("n", 5)], closed: true), event: .finishNative(1, from: 1),
            expect: .alreadySettled,
            after: After(closed: true)),
        Row(
            "X4 after close an answer to a call never made is unknown",
            given: Given(closed: true), event: .finishNative(7, from: 1),
            expect: .unknown,
            after: After(closed: true)),
        Row(
            "C5 after close the task started for a call close settled is handed back to cancel",
            given: Given(page: [("a", 5)], closed: true), event: .callTaskStarted(1),
            expect: .cancel,
            after: After(closed: true)),
        Row(
            "C5 after close a watcher woken is handed nothing and ends",
            given: Given(page: [("a", 5)], closed: true), event: .deadlinePassed(at: 9, watcher: 2),
            expect: .expired([], next: nil),
            after: After(closed: true)),
        Row(
            "X3 after close an emitted event is kept nowhere",
            given: Given(closed: true, then: [.subscribe("cart", from: 1)]), event: .emit("cart"),
            expect: .emitted(nil, document: 1),
            after: After(closed: true)),
        Row(
            "X3 S1 after close the page cannot subscribe",
            given: Given(closed: true), event: .subscribe("cart", from: 1),
            expect: .subscribed(nil),
            after: After(closed: true)),
        Row(
            "X3 S1 after close the page cannot subscribe to host.ready",
            given: Given(closed: true), event: .subscribe(NativeEvent<NoResult>.ready.name, from: 1),
            expect: .subscribed(nil),
            after: After(closed: true)),
        Row(
            "S4 C5 after close a navigation is ignored: no document begins",
            given: Given(closed: true), event: .documentBegins,
            expect: .ignored,
            after: After(closed: true)),
        Row(
            "X3 C5 after close a navigation queues no host.ready",
            given: Given(closed: true, then: [.documentBegins]),
            event: .subscribe(NativeEvent<NoResult>.ready.name, from: 2),
            expect: .subscribed(nil),
            after: After(closed: true)),
        Row(
            "S4 C5 after close a restore from the back-forward cache is ignored",
            given: Given(closed: true), event: .documentRestored,
            expect: .ignored,
            after: After(closed: true)),
        Row(
            "C5 S4 after close a dead web process is ignored: no document begins",
            given: Given(closed: true), event: .webProcessDied,
            expect: .ignored,
            after: After(closed: true)),
        Row(
            "C5 after close closing again hands back nothing",
            given: Given(page: [("a", 5)], closed: true), event: .close,
            expect: .closing(settle: [], cancelsWatcher: false),
            after: After(closed: true)),
        Row(
            "C8 C5 X5 after close the page facts read before it are kept, for the traces of what still arrives",
            given: Given(then: [.remember("https://a.example/x"), .close]), event: .arrive("https://a.example/x"),
            expect: .arrival(document: 1, kept: true),
            after: After(closed: true)),
        Row(
            "C8 C5 after close no new page facts are kept",
            given: Given(closed: true, then: [.remember("https://a.example/x")]), event: .arrive("https://a.example/x"),
            expect: .arrival(document: 1, kept: false),
            after: After(closed: true)),
    ]

    static let pageFactRows: [Row] = [
        Row(
            "C8 the first message, before any navigation commits and without a URL, is read",
            given: Given(document: 0), event: .arrive(nil),
            expect: .arrival(document: 0, kept: false),
            after: After(document: 0)),
        Row(
            "C8 a missing URL read once is kept like any other",
            given: Given(document: 0, then: [.remember(nil)]), event: .arrive(nil),
            expect: .arrival(document: 0, kept: true),
            after: After(document: 0)),
        Row(
            "C8 the same URL is kept",
            given: Given(then: [.remember("https://a.example/x")]), event: .arrive("https://a.example/x"),
            expect: .arrival(document: 1, kept: true),
            after: After()),
        Row(
            "C8 another URL is read again",
            given: Given(then: [.remember("https://a.example/x")]), event: .arrive("https://a.example/y"),
            expect: .arrival(document: 1, kept: false),
            after: After()),
        Row(
            "C8 a URL after a missing one is read",
            given: Given(then: [.remember(nil)]), event: .arrive("https://a.example/x"),
            expect: .arrival(document: 1, kept: false),
            after: After()),
        Row(
            "C8 a missing URL after a known one is read",
            given: Given(then: [.remember("https://a.example/x")]), event: .arrive(nil),
            expect: .arrival(document: 1, kept: false),
            after: After()),
    ]
}
