#if os(Linux)
import Testing
import TodayBridge
@testable import TodayBridgeGTK

/// WebKitGTK's delivery route, alone (X3, X4, ST2, B2, S4): each row is a view's history, events
/// in order, and the actions they returned, in order. Deliveries are numbered; documents are the
/// core's generations; the extension's documents are `p<process>/<number>`.
@Suite("X3 X4 ST2 B2 S4 WebKitGTK's delivery route")
struct DeliveryRouteTests {
    /// One event of a view's history.
    enum Event: CustomStringConvertible {
        /// The core delivers item `item` for its document `document`.
        case deliver(Int, for: UInt64)
        /// The main frame committed (or the web process ended): the core's document is `document`.
        case changed(UInt64)
        /// The extension announced its document `number` of process `process` as the core's `document`.
        case announced(process: UInt64, number: UInt64, as: UInt64)
        case relay
        case close

        var description: String {
            switch self {
            case .deliver(let item, let document): "deliver \(item) for \(document)"
            case .changed(let document): "changed to \(document)"
            case .announced(let process, let number, let document): "announced p\(process)/\(number) as \(document)"
            case .relay: "relay"
            case .close: "close"
            }
        }

        func apply(to route: inout DeliveryRoute<Int>) -> [String] {
            let actions: [DeliveryRoute<Int>.Action] =
                switch self {
                case .deliver(let item, let document): route.deliver(item, for: DocumentID(generation: document))
                case .changed(let document): route.documentChanged(to: DocumentID(generation: document))
                case .announced(let process, let number, let document):
                    route.announced(
                        ExtensionDocument(process: process, number: number), as: DocumentID(generation: document))
                case .relay: route.relayInUse()
                case .close: route.close()
                }
            return actions.map { action in
                switch action {
                case .send(let item, let document): "send \(item) to p\(document.process)/\(document.number)"
                case .script(let item): "script \(item)"
                case .refuse(let item): "refuse \(item)"
                }
            }
        }
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let expectsExtension: Bool
        let events: [Event]
        let actions: [String]
        let waiting: Int
        var testDescription: String { name }

        init(_ name: String, expectsExtension: Bool = true, _ events: [Event], _ actions: [String], waiting: Int = 0) {
            (self.name, self.expectsExtension, self.events, self.actions, self.waiting) =
                (name, expectsExtension, events, actions, waiting)
        }
    }

    static let rows: [Row] = [
        Row(
            "B2 a view whose context was not prepared runs every delivery as a script, in order",
            expectsExtension: false, [.deliver(1, for: 0), .changed(1), .deliver(2, for: 1), .deliver(3, for: 1)],
            ["script 1", "script 2", "script 3"]),
        Row(
            "X3 X4 ST2 B2 once the extension announced the document, every delivery for it goes through the extension, in order",
            [.changed(1), .announced(process: 7, number: 1, as: 1), .deliver(1, for: 1), .deliver(2, for: 1)],
            ["send 1 to p7/1", "send 2 to p7/1"]),
        Row(
            "X4 ST2 a delivery for the document committed last waits for the extension to name it, then goes before any later one",
            [
                .changed(1), .announced(process: 7, number: 1, as: 1), .changed(2), .deliver(1, for: 2),
                .deliver(2, for: 2), .announced(process: 7, number: 2, as: 2), .deliver(3, for: 2),
            ],
            ["send 1 to p7/2", "send 2 to p7/2", "send 3 to p7/2"]),
        Row(
            "S4 a delivery for a document the core has left is refused at once, and one the extension announced before is no one's",
            [
                .changed(1), .announced(process: 7, number: 1, as: 1), .changed(2), .deliver(1, for: 1),
                .deliver(2, for: 2),
            ],
            ["refuse 1"], waiting: 1),
        Row(
            "S4 what waited for a document left before the extension named it is refused; what waited for the named one goes, in order",
            [
                .changed(1), .deliver(1, for: 1), .changed(2), .deliver(2, for: 2), .deliver(3, for: 2),
                .announced(process: 8, number: 1, as: 2),
            ],
            ["refuse 1", "send 2 to p8/1", "send 3 to p8/1"]),
        Row(
            "S4 a restore is a document of its own: what waited for the commit before it is refused",
            [
                .changed(1), .announced(process: 7, number: 1, as: 1), .changed(2), .deliver(1, for: 2),
                .announced(process: 7, number: 1, as: 3), .deliver(2, for: 3),
            ],
            ["refuse 1", "send 2 to p7/1"]),
        Row(
            "S4 a dead web process: its document is no one's, and the next process's names the next",
            [
                .changed(1), .announced(process: 7, number: 1, as: 1), .changed(2), .deliver(1, for: 2),
                .changed(3), .announced(process: 9, number: 1, as: 3), .deliver(2, for: 3),
            ],
            ["refuse 1", "send 2 to p9/1"]),
        Row(
            "B2 in a prepared view, deliveries wait until the relay speaks: then they run as scripts, in order, and so do later ones",
            [.deliver(1, for: 0), .changed(1), .deliver(2, for: 1), .deliver(3, for: 1), .relay, .deliver(4, for: 1)],
            ["refuse 1", "script 2", "script 3", "script 4"]),
        Row(
            "B2 the extension speaking first decides: the relay speaking later changes nothing",
            [.changed(1), .announced(process: 7, number: 1, as: 1), .relay, .deliver(1, for: 1)], ["send 1 to p7/1"]),
        Row(
            "C5 a view gone refuses what waits",
            [.changed(1), .deliver(1, for: 1), .deliver(2, for: 1), .close, .close], ["refuse 1", "refuse 2"]),
    ]

    @Test("X3 X4 ST2 B2 S4 DeliveryRoute row by row: a view's history, and the actions in order", arguments: rows)
    func route(_ row: Row) {
        var route = DeliveryRoute<Int>(expectsExtension: row.expectsExtension)
        let actions = row.events.flatMap { $0.apply(to: &route) }
        #expect(actions == row.actions, "\(row.events)")
        #expect(route.waitingCount == row.waiting)
    }
}
#endif
