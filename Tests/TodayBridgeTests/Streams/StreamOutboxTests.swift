import Testing
@_spi(Adapters) import TodayBridge

/// ``StreamOutbox``'s transitions as a table (ST2, ST5): one delivering task at a time, every
/// value waiting in one delivery, the end after the values, nothing after the end.
@Suite("StreamOutbox: values on their way, then the end")
struct StreamOutboxTests {
    enum Step: Sendable, CustomTestStringConvertible {
        /// Adds value `seq` (its value is `seq` too); `starts`: the caller starts delivering.
        case add(Int, starts: Bool)
        case close(StreamEnd?, starts: Bool)
        /// The next delivery: the values' numbers, the end, or nothing.
        case next(Expected)

        var testDescription: String { "\(self)" }
    }

    enum Expected: Sendable, Equatable {
        case values(seq: Int, count: Int)
        case end(StreamEnd)
        case nothing
    }

    static let rows: [(String, steps: [Step])] = [
        (
            "ST2 the first value starts the delivering task; those added meanwhile go together",
            [
                .add(0, starts: true), .next(.values(seq: 0, count: 1)), .add(1, starts: false),
                .add(2, starts: false), .add(3, starts: false), .next(.values(seq: 1, count: 3)), .next(.nothing),
            ]
        ),
        (
            "ST2 once the task stopped, the next value starts another",
            [.add(0, starts: true), .next(.values(seq: 0, count: 1)), .next(.nothing), .add(1, starts: true)]
        ),
        (
            "ST5 the end goes after the values waiting",
            [
                .add(0, starts: true), .add(1, starts: false), .close(.finished, starts: false),
                .next(.values(seq: 0, count: 2)), .next(.end(.finished)), .next(.nothing),
            ]
        ),
        (
            "ST5 an end with nothing waiting starts the task itself",
            [.close(.timeout, starts: true), .next(.end(.timeout)), .next(.nothing)]
        ),
        (
            "ST5 an end the page is not told drops what waits",
            [.add(0, starts: true), .add(1, starts: false), .close(nil, starts: false), .next(.nothing)]
        ),
        (
            "ST5 nothing after the end: a value is dropped, a second end refused",
            [
                .close(.failed, starts: true), .add(0, starts: false), .close(.finished, starts: false),
                .next(.end(.failed)), .next(.nothing), .add(1, starts: false), .next(.nothing),
            ]
        ),
    ]

    @Test("ST2 ST5 transitions", arguments: rows.indices)
    func transitions(_ index: Int) {
        let row = Self.rows[index]
        var outbox = StreamOutbox(stream: "s")
        for step in row.steps {
            switch step {
            case .add(let seq, let starts):
                #expect(outbox.add(.number(Double(seq)), seq: seq) == starts, "\(row.0): \(step)")
            case .close(let end, let starts):
                #expect(outbox.close(telling: end.map { ($0, nil) }) == starts, "\(row.0): \(step)")
            case .next(let expected):
                #expect(Self.reading(outbox.next()) == expected, "\(row.0): \(step)")
            }
        }
    }

    /// What a delivery is, checking that a batch's values are its numbers in order.
    private static func reading(_ delivery: PageDelivery?) -> Expected? {
        switch delivery {
        case nil: return .nothing
        case .streamValues("s", let seq, let values)?:
            let numbers = values.map { $0.doubleValue.map(Int.init) }
            return numbers == Array(seq..<seq + values.count) ? .values(seq: seq, count: values.count) : nil
        case .streamEnd("s", let end, _)?: return .end(end)
        default: return nil
        }
    }
}
