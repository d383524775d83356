/// Fans values out to any number of subscribers: `AsyncStream`s, each with a bounded buffer, and
/// listeners called in place.
///
/// Publishing costs one lock when nobody listens. A slow stream subscriber loses its oldest
/// values, never the publisher's time or memory; a listener runs on the publisher's thread and
/// must be quick.
package final class Broadcast<Element: Sendable>: Sendable {
    private enum Subscriber: Sendable {
        case stream(AsyncStream<Element>.Continuation)
        case listener(@Sendable (Element) -> Void)
    }

    private let subscribers = Locked<[Int: Subscriber]>([:])
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
        let id = makeID()
        let (stream, continuation) = AsyncStream.makeStream(
            of: Element.self, bufferingPolicy: .bufferingNewest(bufferSize))
        continuation.onTermination = { [weak self] _ in
            self?.stopListening(id)
        }
        subscribers.withLock { $0[id] = .stream(continuation) }
        return stream
    }

    /// Calls `receive` with every value published from now on, on the publisher's thread, until
    /// ``stopListening(_:)`` with the returned id.
    package func listen(_ receive: @escaping @Sendable (Element) -> Void) -> Int {
        let id = makeID()
        subscribers.withLock { $0[id] = .listener(receive) }
        return id
    }

    /// Ends the subscription `id`.
    package func stopListening(_ id: Int) {
        _ = subscribers.withLock { $0.removeValue(forKey: id) }
    }

    /// Sends `value` to every subscriber.
    package func publish(_ value: Element) {
        for subscriber in subscribers.withLock({ Array($0.values) }) {
            switch subscriber {
            case .stream(let continuation): continuation.yield(value)
            case .listener(let receive): receive(value)
            }
        }
    }

    /// Ends every subscriber's stream.
    package func finish() {
        for subscriber in subscribers.withLock({ Array($0.values) }) {
            if case .stream(let continuation) = subscriber { continuation.finish() }
        }
    }

    private func makeID() -> Int {
        nextID.withLock { value in
            value += 1
            return value
        }
    }
}
