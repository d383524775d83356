import Testing
@_spi(Adapters) import TodayBridge

/// ``StreamFlow``'s transitions as a table (ST3, ST5).
@Suite("StreamFlow: the window and the one end")
struct StreamFlowTests {
    enum Step: Sendable, CustomTestStringConvertible {
        case offer(StreamFlow.Offer)
        case acknowledge(Int, resumes: Bool)
        case end(StreamFlow.Ending, first: Bool)

        var testDescription: String { "\(self)" }
    }

    static let rows: [(String, window: Int, steps: [Step])] = [
        ("ST3 offers up to the window, then waits", 2, [.offer(.send(seq: 0)), .offer(.send(seq: 1)), .offer(.wait)]),
        (
            "ST3 an acknowledgement makes room", 1,
            [.offer(.send(seq: 0)), .offer(.wait), .acknowledge(1, resumes: true), .offer(.send(seq: 1))]
        ),
        (
            "ST3 acknowledging more than was sent counts what was sent", 2,
            [
                .offer(.send(seq: 0)), .acknowledge(5, resumes: true), .offer(.send(seq: 1)), .offer(.send(seq: 2)),
                .offer(.wait),
            ]
        ),
        (
            "ST3 a zero or negative acknowledgement changes nothing", 1,
            [.offer(.send(seq: 0)), .acknowledge(0, resumes: false), .acknowledge(-3, resumes: false), .offer(.wait)]
        ),
        (
            "ST5 one end: the second is refused", 2,
            [.end(.finished, first: true), .end(.timeout, first: false), .end(.cancelled, first: false)]
        ),
        (
            "ST5 nothing is offered after the end", 2,
            [.end(.documentGone, first: true), .offer(.ended), .acknowledge(1, resumes: false)]
        ),
        ("ST5 a window below 1 is 1", 0, [.offer(.send(seq: 0)), .offer(.wait)]),
    ]

    @Test("ST3 ST5 transitions", arguments: rows.indices)
    func transitions(_ index: Int) {
        let row = Self.rows[index]
        var flow = StreamFlow(window: row.window)
        for step in row.steps {
            switch step {
            case .offer(let expected): #expect(flow.offer() == expected, "\(row.0)")
            case .acknowledge(let count, let resumes): #expect(flow.acknowledge(count) == resumes, "\(row.0)")
            case .end(let ending, let first): #expect(flow.end(ending) == first, "\(row.0)")
            }
        }
    }

    @Test("ST5 only finished, failed and timeout are told to the page")
    func st5Delivered() {
        #expect(StreamFlow.Ending.finished.delivered?.end == .finished)
        #expect(StreamFlow.Ending.failed(.failed()).delivered?.end == .failed)
        #expect(StreamFlow.Ending.timeout.delivered?.error?.code == .timeout)
        #expect(StreamFlow.Ending.cancelled.delivered == nil)
        #expect(StreamFlow.Ending.documentGone.delivered == nil)
    }
}
