import Dispatch
import Synchronization
@_spi(Adapters) import TodayBridge
import TodayBridgeAndroidWire

/// One stream a page opened on one of the app's streaming capabilities (ST1), produced by the
/// Kotlin host: the values `NativeBridge.streamSend` hands over, in order, then the end
/// `streamFinish` or `streamFail` gives, as the `AsyncSequence` the core's `registerStream` reads.
///
/// Back-pressure (ST3): each `streamSend` blocks its thread until the core takes the value, and
/// the core takes the next value only once it delivered the previous one, which waits for room in
/// the page's window: the producer runs at most one value ahead of the window. When the host's
/// side ends the stream (the page cancelled it, the deadline passed, its document went away), the
/// core cancels the task reading the sequence: a blocked `streamSend` returns false, later ones
/// too, and the host is told `streamEnded` with `cancelled`. Every stream's end is told once.
final class AndroidStream: AsyncSequence, Sendable {
    typealias Element = JSONValue

    let handle: Int64
    private let host: HostChannel
    private let state = Mutex(State())

    private init(handle: Int64, host: HostChannel) {
        self.handle = handle
        self.host = host
    }

    /// Opens a stream for `call`: registers its handle and tells the host to produce it.
    static func open(_ call: CapabilityCallArguments, host: HostChannel) -> AndroidStream {
        let stream = Handles.insert { AndroidStream(handle: $0, host: host) }
        if let arguments = try? JSONValueEncoder().encode(StreamCallArguments(stream: stream.handle, call: call)) {
            host.notify(.stream, arguments)
        }
        return stream
    }

    /// The host's next value: returns true once the core took it, false when the stream ended.
    func send(_ value: JSONValue) -> Bool {
        let pending = PendingValue(value)
        let consumer = state.withLock { state -> Consumer?? in
            guard state.end == nil, !state.isClosed else { return .none }
            guard let consumer = state.consumer else {
                state.values.append(pending)
                return .some(nil)
            }
            state.consumer = nil
            return .some(consumer)
        }
        switch consumer {
        case .none: return false
        case .some(let consumer?):
            consumer.resume(returning: value)
            return true
        case .some(nil):
            pending.taken.wait()
            return state.withLock { _ in pending.wasTaken }
        }
    }

    /// The host's end: `nil` finishes the stream after the values sent, a failure fails it.
    func end(_ failure: HostFailure?) {
        let error: any Error =
            if let failure {
                if let code = failure.code {
                    BridgeError(
                        code: BridgeError.Code(rawValue: code), message: failure.message,
                        recoverable: failure.recoverable ?? false)
                } else {
                    HostServiceError.failed(failure)
                }
            } else {
                CancellationError()
            }
        let consumer = state.withLock { state -> Consumer? in
            guard state.end == nil, !state.isClosed else { return nil }
            state.end = failure == nil ? .finished : .failed(error)
            guard state.values.isEmpty, let consumer = state.consumer else { return nil }
            state.consumer = nil
            return consumer
        }
        guard let consumer else { return }
        if failure == nil {
            close(cancelled: false)
            consumer.resume(returning: nil)
        } else {
            close(cancelled: false)
            consumer.resume(throwing: error)
        }
    }

    /// Ends the stream on the core's side: drops the values not taken (their senders get false),
    /// removes its handle and tells the host once.
    private func close(cancelled: Bool) {
        let dropped = state.withLock { state -> [PendingValue]? in
            guard !state.isClosed else { return nil }
            state.isClosed = true
            defer { state.values = [] }
            return state.values
        }
        guard let dropped else { return }
        dropped.forEach { $0.taken.signal() }
        _ = Handles.remove(handle, as: AndroidStream.self)
        if let arguments = try? JSONValueEncoder().encode(StreamEndedArguments(stream: handle, cancelled: cancelled)) {
            host.notify(.streamEnded, arguments)
        }
    }

    /// The task reading the sequence was cancelled, or stopped reading it: the host's side ended
    /// the stream (told as `cancelled` unless the host had ended it already).
    private func cancel() {
        let (consumer, hostEnded) = state.withLock { state -> (Consumer?, Bool) in
            defer { state.consumer = nil }
            return (state.consumer, state.end != nil)
        }
        close(cancelled: !hostEnded)
        consumer?.resume(throwing: CancellationError())
    }

    /// The next value for the core, waiting for the host to send one.
    private func next() async throws -> JSONValue? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Consumer) in
                enum Next {
                    case value(PendingValue)
                    case end(State.End?)
                    case wait
                }
                let next = state.withLock { state -> Next in
                    if !state.values.isEmpty {
                        let pending = state.values.removeFirst()
                        pending.wasTaken = true
                        return .value(pending)
                    }
                    if state.isClosed { return .end(nil) }
                    if let end = state.end { return .end(end) }
                    state.consumer = continuation
                    return .wait
                }
                switch next {
                case .value(let pending):
                    pending.taken.signal()
                    continuation.resume(returning: pending.value)
                case .end(.finished?):
                    close(cancelled: false)
                    continuation.resume(returning: nil)
                case .end(.failed(let error)?):
                    close(cancelled: false)
                    continuation.resume(throwing: error)
                case .end(nil):
                    continuation.resume(throwing: CancellationError())
                case .wait:
                    break
                }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Reads the stream for the core. The core stops reading when the stream ends on its side
    /// while it waits for room in the window, without asking for a next value: the iterator's
    /// end then ends the stream here, so that a blocked `streamSend` returns and the host is told.
    final class AsyncIterator: AsyncIteratorProtocol {
        let stream: AndroidStream

        init(stream: AndroidStream) {
            self.stream = stream
        }

        func next() async throws -> JSONValue? {
            try await stream.next()
        }

        deinit {
            stream.cancel()
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(stream: self)
    }

    private typealias Consumer = CheckedContinuation<JSONValue?, any Error>

    private struct State {
        enum End {
            case finished
            case failed(any Error)
        }

        var values: [PendingValue] = []
        var end: End?
        var consumer: Consumer?
        var isClosed = false
    }
}

/// A value the host sent and the core has not taken yet; its sender waits on `taken`.
/// `wasTaken` is read and written under the stream's lock only.
private final class PendingValue: @unchecked Sendable {
    let value: JSONValue
    let taken = DispatchSemaphore(value: 0)
    var wasTaken = false

    init(_ value: JSONValue) {
        self.value = value
    }
}
