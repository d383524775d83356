import Foundation
import Testing
import TodayBridge

/// The rows of `ConnectionStateTests`: the state machine with strings for the calls it keeps.
extension ConnectionStateTests {
    typealias State = ConnectionState<String, String>

    /// One transition: the state given, the event, the action returned and the state left.
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let given: Given
        let event: Event
        let expect: Action
        let after: After

        init(_ name: String, given: Given, event: Event, expect: Action, after: After) {
            (self.name, self.given, self.event, self.expect, self.after) = (name, given, event, expect, after)
        }

        var testDescription: String { name }
    }

    /// A state built by events from a fresh one: `document` navigations, the page calls, then the
    /// native calls (each `(name, due in seconds)`, ids from 1 in that order, every watcher they
    /// arm started unless `watchers` is false), a close, then the events of `then`.
    struct Given: Sendable {
        var document: UInt64 = 1
        var page: [(String, Double)] = []
        var native: [(String, Double)] = []
        var watchers = true
        var closed = false
        var eventCapacity = 4
        var then: [Event] = []

        func make() -> State {
            var state = State(eventCapacity: eventCapacity)
            for _ in 0..<document { _ = state.documentBegins() }
            for (name, due) in page {
                startWatcher(state.admitPageCall(name, of: state.document, deadline: at(due), limit: .max), in: &state)
            }
            for (name, due) in native {
                startWatcher(state.admitNativeCall(name, deadline: at(due), limit: .max), in: &state)
            }
            if closed { _ = state.close() }
            for event in then { _ = event.apply(to: &state) }
            return state
        }

        private func startWatcher(_ admission: State.Admission, in state: inout State) {
            guard watchers, case .admitted(_, _, let watch?) = admission else { return }
            _ = state.started(Task {}, for: .watcher(watch.generation))
        }
    }

    /// An event, with documents by generation and instants in seconds.
    enum Event: Sendable {
        case arrive(String?)
        case remember(String?)
        case admitPage(String, of: UInt64, due: Double, limit: Int = .max)
        case admitNative(String, due: Double, limit: Int = .max)
        case callTaskStarted(UInt64)
        case watcherStarted(UInt64)
        case finishPage(UInt64)
        case finishNative(UInt64, from: UInt64)
        case emit(String, data: JSONValue = .null)
        case subscribe(String, from: UInt64)
        case documentBegins
        case documentRestored
        case webProcessDied
        case close
        case deadlinePassed(at: Double, watcher: UInt64)

        func apply(to state: inout State) -> Action {
            switch self {
            case .arrive(let url):
                let arrival = state.arrival(from: url.flatMap(URL.init(string:)))
                return .arrival(document: arrival.document.generation, kept: arrival.page != nil)
            case .remember(let url):
                state.remember(TrustPolicy(surfaces: []).page(at: url.flatMap(URL.init(string:))))
                return .none
            case .admitPage(let name, let document, let due, let limit):
                return Action(
                    state.admitPageCall(name, of: DocumentID(generation: document), deadline: at(due), limit: limit))
            case .admitNative(let name, let due, let limit):
                return Action(state.admitNativeCall(name, deadline: at(due), limit: limit))
            case .callTaskStarted(let id):
                return state.started(Task {}, for: .call(id)) == nil ? .kept : .cancel
            case .watcherStarted(let generation):
                return state.started(Task {}, for: .watcher(generation)) == nil ? .kept : .cancel
            case .finishPage(let id):
                return Action(state.finishPageCall(id))
            case .finishNative(let id, let document):
                return Action(state.finishNativeCall(id, answeredFrom: DocumentID(generation: document)))
            case .emit(let name, let data):
                let emitted = state.emit(name, data: data)
                return .emitted(emitted.action, document: emitted.document.generation)
            case .subscribe(let name, let document):
                return .subscribed(state.subscribe(to: name, from: DocumentID(generation: document)))
            case .documentBegins:
                guard let next = state.documentBegins() else { return .ignored }
                return .newDocument(next.document.generation, settle: names(next.earlier))
            case .documentRestored:
                guard let next = state.documentRestored() else { return .ignored }
                return .newDocument(next.document.generation, settle: names(next.earlier))
            case .webProcessDied:
                guard let next = state.webProcessDied()?.next else { return .ignored }
                return .newDocument(next.document.generation, settle: names(next.earlier))
            case .close:
                let closing = state.close()
                return .closing(settle: names(closing.calls), cancelsWatcher: closing.watcher != nil)
            case .deadlinePassed(let time, let generation):
                let expiry = state.deadlinePassed(at: at(time), watcher: generation)
                return .expired(names(expiry.expired), next: expiry.next.map(seconds))
            }
        }
    }

    /// What the state machine returned, with calls by name, documents by generation and instants
    /// in seconds.
    enum Action: Equatable {
        case none
        case arrival(document: UInt64, kept: Bool)
        case admitted(id: UInt64, document: UInt64, watch: Watch?)
        case refused(State.Refusal, document: UInt64)
        case kept, cancel
        case settle(String)
        case alreadySettled, unknown, notCurrentDocument
        case emitted(NativeEventOutbox.EmitAction?, document: UInt64)
        case subscribed([JSONValue]?)
        case newDocument(UInt64, settle: [String])
        /// The state machine ignored the event: a closed connection accepts nothing.
        case ignored
        case closing(settle: [String], cancelsWatcher: Bool)
        case expired([String], next: Double?)

        init(_ admission: State.Admission) {
            switch admission {
            case .admitted(let id, let document, let watch):
                self = .admitted(id: id, document: document.generation, watch: watch.map(Watch.init))
            case .refused(let refusal, let document):
                self = .refused(refusal, document: document.generation)
            }
        }

        init(_ finish: State.Finish<String>) {
            switch finish {
            case .pending(let call): self = .settle(call.work)
            case .settled: self = .alreadySettled
            case .unknown: self = .unknown
            case .notCurrentDocument: self = .notCurrentDocument
            }
        }
    }

    /// A watcher to start: its generation, when it wakes, and whether it replaces one.
    struct Watch: Equatable {
        let generation: UInt64
        let wake: Double
        let replaces: Bool

        init(generation: UInt64, wake: Double, replaces: Bool) {
            (self.generation, self.wake, self.replaces) = (generation, wake, replaces)
        }

        init(_ watch: State.DeadlineWatch) {
            self.init(generation: watch.generation, wake: seconds(watch.wake), replaces: watch.replacing != nil)
        }
    }

    /// The state after the event: the document, whether closed, the pending calls by name (oldest
    /// first) and the deadline the watcher sleeps towards.
    struct After: Equatable {
        var document: UInt64 = 1
        var closed = false
        var page: [String] = []
        var native: [String] = []
        var armed: Double?

        init(
            document: UInt64 = 1, closed: Bool = false, page: [String] = [], native: [String] = [], armed: Double? = nil
        ) {
            (self.document, self.closed, self.page, self.native, self.armed) = (document, closed, page, native, armed)
        }

        init(_ state: State) {
            self.init(
                document: state.document.generation, closed: state.isClosed,
                page: state.pageCalls.sorted { $0.key < $1.key }.map(\.value.work),
                native: state.nativeCalls.sorted { $0.key < $1.key }.map(\.value.work),
                armed: state.armedDeadline.map(seconds)
            )
        }
    }
}

/// The instant `seconds` after the start of the test's timeline.
private func at(_ seconds: Double) -> BridgeInstant {
    BridgeInstant(nanoseconds: 0).advanced(bySeconds: seconds)
}

private func seconds(_ instant: BridgeInstant) -> Double {
    instant.seconds(since: BridgeInstant(nanoseconds: 0))
}

private func names(_ settlement: ConnectionStateTests.State.Settlement) -> [String] {
    settlement.page.map(\.work) + settlement.native.map(\.work)
}
