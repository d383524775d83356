#if os(Linux)
import Foundation
import TodayBridge

/// One DevTools protocol connection over the browser's pipe: commands with ids, answers matched
/// to them, and events in arrival order.
final class CDPConnection: Sendable {
    /// A protocol event: its method, parameters and the session it belongs to.
    struct Event: Sendable {
        var method: String
        var params: JSONValue
        var sessionID: String?
    }

    /// Every event, in arrival order; ends when the browser goes away.
    let events: AsyncStream<Event>

    private let process: ChromiumProcess
    private let pending = Locked<(next: Int, waiting: [Int: CheckedContinuation<JSONValue, any Error>], closed: Bool)>((1, [:], false))
    private let eventSink: AsyncStream<Event>.Continuation

    init(process: ChromiumProcess) {
        self.process = process
        (events, eventSink) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        let reader = Thread { [self] in readLoop() }
        reader.name = "today-cdp-reader"
        reader.start()
    }

    /// Sends a command and returns its result; throws the protocol's error.
    @discardableResult
    func send(_ method: String, _ params: JSONValue = [:], session: String? = nil) async throws -> JSONValue {
        try await withCheckedThrowingContinuation { continuation in
            let id: Int? = pending.withLock { state in
                guard !state.closed else { return nil }
                let id = state.next
                state.next += 1
                state.waiting[id] = continuation
                return id
            }
            guard let id else { return continuation.resume(throwing: ChromiumError.browserGone) }
            var message: [String: JSONValue] = ["id": .number(Double(id)), "method": .string(method), "params": params]
            message["sessionId"] = session.map(JSONValue.string)
            process.commands.write(Data((JSONValue.object(message).jsonString + "\0").utf8))
        }
    }

    private func readLoop() {
        var buffer = Data()
        var scanned = 0  // bytes of `buffer` already known to hold no NUL: large messages stay linear
        while true {
            let chunk = process.answers.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            while let end = buffer[(buffer.startIndex + scanned)...].firstIndex(of: 0) {
                // Parsed from the bytes as they came: a large message is not copied into a String first.
                let message = buffer[buffer.startIndex..<end].withUnsafeBytes { bytes in
                    try? JSONValue(parsing: bytes, limits: JSONLimits(maxBytes: 256 << 20, maxDepth: 256))
                }
                buffer = Data(buffer[(end + 1)...])
                scanned = 0
                if let message { dispatch(message) }
            }
            scanned = buffer.count
        }
        let waiting = pending.withLock { state in
            state.closed = true
            defer { state.waiting = [:] }
            return state.waiting.values
        }
        for continuation in waiting { continuation.resume(throwing: ChromiumError.browserGone) }
        eventSink.finish()
    }

    private func dispatch(_ message: JSONValue) {
        if let id = message["id"]?.doubleValue.map(Int.init) {
            guard let continuation = pending.withLock({ $0.waiting.removeValue(forKey: id) }) else { return }
            if let error = message["error"] {
                continuation.resume(throwing: ChromiumError.protocolError(error["message"]?.stringValue ?? error.jsonString))
            } else {
                continuation.resume(returning: message["result"] ?? [:])
            }
        } else if let method = message["method"]?.stringValue {
            eventSink.yield(Event(method: method, params: message["params"] ?? [:], sessionID: message["sessionId"]?.stringValue))
        }
    }
}
#endif
