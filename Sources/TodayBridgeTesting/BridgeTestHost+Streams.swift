@_spi(Adapters) import TodayBridge

extension BridgeTestHost {
    /// What the page received of one stream (ST2, ST5): its values in order, and its end once the
    /// host sent it.
    public struct StreamRead: Sendable, Hashable {
        /// The values, in the order of their sequence numbers (`null` for a value encoded as
        /// nothing).
        public var values: [JSONValue]
        /// How the stream ended, as the page was told; `nil` while it runs, or when the page ended
        /// it or went away (the page is told nothing then).
        public var end: StreamEnd?
        /// The code of the error a `failed` or `timeout` end carries.
        public var errorCode: BridgeError.Code?

        /// Creates a reading: values, then the end and its error's code.
        public init(values: [JSONValue], end: StreamEnd? = nil, errorCode: BridgeError.Code? = nil) {
            (self.values, self.end, self.errorCode) = (values, end, errorCode)
        }
    }

    /// Opens stream `id` of the streaming capability `type` as the web SDK does (ST1): sends
    /// `fields` with the stream's id, and returns the one reply: `{ stream, window }` when it
    /// opened, a rejection, or `undefined` (unknown type, a sender it does not serve).
    ///
    /// ```swift
    /// #expect(await host.openStream("download", ["url": "https://example.com/a"], id: "s1") != .undefined)
    /// await host.acknowledge(stream: "s1", count: 16)
    /// #expect(host.stream("s1").end == .finished)
    /// ```
    public func openStream(
        _ type: String, _ fields: [String: JSONValue] = [:], id: String = "s1", from frame: Frame = .main
    ) async -> BridgeReply {
        var message = fields
        message["type"] = .string(type)
        message[WireProtocol.streamField] = .string(id)
        let reply = await send(.object(message), from: frame)
        await settleWork()
        return reply
    }

    /// Acknowledges `count` consumed values of stream `id`, as the web SDK does when the page takes
    /// them (ST3); the host's work then runs as far as it can.
    public func acknowledge(stream id: String, count: Int) async {
        _ = await send(try? JSONValueEncoder().encode(StreamAckMessage(stream: id, count: count)))
        await settleWork()
    }

    /// Cancels stream `id` as the page's `AbortSignal` or `break` does (ST4).
    public func cancel(stream id: String) async {
        _ = await send(try? JSONValueEncoder().encode(StreamCancelMessage(stream: id)))
        await settleWork()
    }

    /// What the page received of stream `id` so far, once the host's work ran as far as it can.
    public func stream(_ id: String) -> StreamRead {
        var read = StreamRead(values: [], end: nil, errorCode: nil)
        for delivery in webView.deliveries {
            switch delivery {
            case .streamValues(id, _, let values): read.values += values
            case .streamEnd(id, let end, let error): (read.end, read.errorCode) = (end, error?.code)
            default: break
            }
        }
        return read
    }

    /// Lets the host's tasks run as far as they can without time passing.
    public func settleWork() async {
        for _ in 0..<50 { await Task.yield() }
    }
}
