/// Fans values out to any number of `AsyncStream` subscribers, each with a bounded buffer.
///
/// Publishing costs one lock when nobody listens. A slow subscriber loses its oldest values,
/// never the publisher's time or memory.
package final class Broadcast<Element: Sendable>: Sendable {
    private let subscribers = Locked<[Int: AsyncStream<Element>.Continuation]>([:])
    private let nextID = Locked(0)
    private let bufferSize: Int

    package init(bufferSize: Int = 1024) {
        self.bufferSize = bufferSize
    }

    /// Whether anyone listens, so publishers can skip building values.
    package var hasSubscribers: Bool {
        subscribers.withLock { !$0.isEmpty }
    }

    /// A new stream of every value published from now on.
    package func subscribe() -> AsyncStream<Element> {
        let id = nextID.withLock { value in
            value += 1
            return value
        }
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(bufferSize))
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    /// Sends `value` to every subscriber.
    package func publish(_ value: Element) {
        for continuation in subscribers.withLock({ Array($0.values) }) {
            continuation.yield(value)
        }
    }

    /// Ends every subscriber's stream.
    package func finish() {
        for continuation in subscribers.withLock({ Array($0.values) }) {
            continuation.finish()
        }
    }
}
