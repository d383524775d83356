#if os(Linux)
import TodayBridge

/// A main document as the web process extension names it: its process's token (a random number
/// each web process makes) and its number in that process (`document.c`). The view tags each
/// delivery with the one it is for, and the extension drops a delivery whose document the main
/// frame no longer shows (S4).
struct ExtensionDocument: Hashable, Sendable {
    let process: UInt64
    let number: UInt64
}

/// Which way WebKitGTK's deliveries go (X3, X4, ST2, B2), and which main document each is for
/// (S4): the decisions of ``WebKitGTKPage``, which runs what they say on the GLib thread.
///
/// Every delivery goes one way, in the order the core made it: through the web process extension
/// once the view knows the extension is loaded (the text and its bytes beside it, no base64), as a
/// script where the view's context was not prepared for the extension or the relay speaks for the
/// main frame (base64 in the text). Bytes or not, a delivery never takes another way than the one
/// before it, so none overtakes another: a stream's values, and events after them, arrive in order.
///
/// The core names the document each delivery is for (``BridgeWebView/deliver(_:for:)``). The
/// extension tells the view which main document began or came back (`ready`, `restored`), always
/// after the view saw it commit, so a delivery for the document committed last waits until the
/// extension names it, then goes, tagged with it, before any later delivery; one for a document
/// the core has left already is refused at once. What the view sent for a document the web
/// process has left meanwhile, the extension drops.
///
/// `Item` is what the page keeps of a waiting delivery. Each method takes one event and returns
/// what to run, in order; nothing here calls anything, so the transitions are tested as a table
/// (`DeliveryRouteTests`).
struct DeliveryRoute<Item> {
    /// The ways out.
    enum Way: Equatable {
        /// Not known yet: the view's context was prepared for the extension, and neither the
        /// extension nor the relay spoke yet. Deliveries wait.
        case undecided
        /// As scripts in the main frame (the relay's path).
        case scripts
        /// As user messages to the web process extension.
        case webProcessExtension
    }

    /// What to do with one delivery.
    enum Action {
        /// Send it through the extension, tagged with `document`.
        case send(Item, to: ExtensionDocument)
        /// Run it as a script.
        case script(Item)
        /// Refuse it: the main document it is for has left.
        case refuse(Item)
    }

    private(set) var way: Way
    /// The core's document the view knows is current: the last one committed or announced.
    private var current: DocumentID?
    /// The main document the extension announced for ``current``; none from a commit until it does.
    private var announced: (core: DocumentID, document: ExtensionDocument)?
    /// Deliveries waiting for the extension to name their document, or for the way, in order.
    private var waiting: [(document: DocumentID, item: Item)] = []

    /// A route for a view whose context was (`expectsExtension`) or was not prepared for the
    /// web process extension.
    init(expectsExtension: Bool) {
        way = expectsExtension ? .undecided : .scripts
    }

    /// How many deliveries wait.
    var waitingCount: Int { waiting.count }

    /// The core delivers `item` for its main document `document`.
    mutating func deliver(_ item: Item, for document: DocumentID) -> [Action] {
        if let current, document.generation < current.generation { return [.refuse(item)] }
        switch way {
        case .scripts:
            return [.script(item)]
        case .webProcessExtension where announced?.core == document:
            return [.send(item, to: announced!.document)]  // just compared: not nil
        case .undecided, .webProcessExtension:
            waiting.append((document, item))
            return []
        }
    }

    /// The main frame committed a document, new or from the back-forward cache, or the web process
    /// ended: the core's current document is now `document`. What waits for an earlier one is
    /// refused; what the extension announced before is no one's now.
    mutating func documentChanged(to document: DocumentID) -> [Action] {
        current = document
        if announced?.core != document { announced = nil }
        return release()
    }

    /// The extension announced the main document the frame shows (`ready`, `restored`), which is
    /// the core's `current` one: deliveries go through the extension from now on, and what waited
    /// for that document goes now, in order.
    mutating func announced(_ document: ExtensionDocument, as current: DocumentID) -> [Action] {
        way = .webProcessExtension
        self.current = current
        announced = (current, document)
        return release()
    }

    /// The relay speaks for the main frame of a view that expected the extension: it did not load.
    /// Deliveries go as scripts, those that waited first.
    mutating func relayInUse() -> [Action] {
        guard way == .undecided else { return [] }
        way = .scripts
        return release()
    }

    /// The view is gone: whatever waits is refused.
    mutating func close() -> [Action] {
        defer { waiting = [] }
        return waiting.map { .refuse($0.item) }
    }

    /// What waits and can go now, in order: refused when its document was left, sent or run when
    /// its way and document are known; the rest waits on.
    private mutating func release() -> [Action] {
        var actions: [Action] = []
        var still: [(document: DocumentID, item: Item)] = []
        for (document, item) in waiting {
            if let current, document.generation < current.generation {
                actions.append(.refuse(item))
            } else if way == .scripts {
                actions.append(.script(item))
            } else if way == .webProcessExtension, let announced, announced.core == document {
                actions.append(.send(item, to: announced.document))
            } else {
                still.append((document, item))
            }
        }
        waiting = still
        return actions
    }
}
#endif
