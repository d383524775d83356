extension ConnectionState {
    /// Whether a call was admitted (C5, S4, X7), and the document current when it was asked.
    package enum Admission: Sendable {
        /// Admitted under `id`; `watch` when its deadline comes before the armed one.
        case admitted(id: UInt64, document: DocumentID, watch: DeadlineWatch?)
        /// Refused: settle the call at once.
        case refused(Refusal, document: DocumentID)

        package var document: DocumentID {
            switch self {
            case .admitted(_, let document, _), .refused(_, let document): document
            }
        }
    }

    /// Why a call was refused.
    package enum Refusal: Sendable, Equatable {
        /// The web view is gone (`cancelled`).
        case closed
        /// The call's document is no longer shown (`cancelled`, S4).
        case staleDocument
        /// Too many calls of its kind wait already (`busy`, X7).
        case overLimit
    }

    /// A deadline watcher for the connection to start: it sleeps towards `wake` under `generation`,
    /// and the watcher it replaces, if any, is to be cancelled.
    package struct DeadlineWatch: Sendable {
        package let generation: UInt64
        package let wake: BridgeInstant
        package let replacing: Task<Void, Never>?
    }

    /// What a task the connection started is for.
    package enum TaskRole: Sendable {
        /// The handler of page call `id`.
        case call(UInt64)
        /// The deadline watcher of `generation`.
        case watcher(UInt64)
    }

    /// What became of an answer to call `id`.
    package enum Finish<Work: Sendable>: Sendable {
        /// The call was pending: settle it with the answer.
        case pending(PendingCall<Work>)
        /// The call was settled already (its deadline, its document's end): the answer is late or a duplicate.
        case settled
        /// No such call was ever made.
        case unknown
        /// The answer does not come from the current document (S1).
        case notCurrentDocument
    }

    /// Calls that will never get their own answer, to settle (oldest first).
    package struct Settlement: Sendable {
        package var page: [PendingCall<PageWork>]
        package var native: [PendingCall<NativeWork>]

        package static var none: Settlement { Settlement(page: [], native: []) }
        package var count: Int { page.count + native.count }
        package var isEmpty: Bool { page.isEmpty && native.isEmpty }
    }

    /// A new main document began: its id, and the earlier documents' calls to settle as cancelled.
    package struct NewDocument: Sendable {
        package let document: DocumentID
        package let earlier: Settlement
    }

    /// The connection closed: every pending call to settle as cancelled, and the watcher to cancel.
    package struct Closing: Sendable {
        package let calls: Settlement
        package let watcher: Task<Void, Never>?
    }

    /// A watcher woke: the calls to settle as timed out, and the deadline to sleep towards next
    /// (`nil`: the watcher ends).
    package struct Expiry: Sendable {
        package let expired: Settlement
        package let next: BridgeInstant?
    }
}
