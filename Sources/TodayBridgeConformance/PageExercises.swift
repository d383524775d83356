@_spi(Adapters) import TodayBridge

/// What the conformance fixture and `today-bridge open --test-capabilities` both do for a page:
/// echo a message, emit an event to the page, call one of the page's handlers.
@_spi(Tools) public enum PageExercises {
    /// `{ name, data }`: an event to emit to the page.
    @_spi(Tools) public struct EventRequest: Decodable, Sendable {
        var name: String
        var data: JSONValue?
    }

    /// `{ to, failAt? }`: a stream of `{ n }` to yield (ST2, ST5).
    @_spi(Tools) public struct CountRequest: Codable, Sendable {
        var to: Int
        var failAt: Int?
    }

    /// One value of ``count(_:failure:)``.
    @_spi(Tools) public struct Counted: Codable, Sendable {
        var n: Int
    }

    /// Yields `{ n }` for `n` from 0 below `to` (at most 10,000), then finishes; at `failAt` it
    /// fails with `failure` instead (ST2, ST5).
    @_spi(Tools) public static func count(
        _ request: CountRequest, failure: BridgeError
    ) -> AsyncThrowingStream<Counted, any Error> {
        AsyncThrowingStream { continuation in
            for n in 0..<min(max(request.to, 0), 10_000) {
                if n == request.failAt {
                    continuation.finish(throwing: failure)
                    return
                }
                continuation.yield(Counted(n: n))
            }
            continuation.finish()
        }
    }

    /// `{ name, args, deadline? }`: a page handler to call, and the seconds it has to answer (10
    /// unless said, at most 60).
    @_spi(Tools) public struct CallRequest: Decodable, Sendable {
        var name: String
        var args: JSONValue?
        var deadline: Double?
    }

    /// The message's fields, without its `type`.
    @_spi(Tools) public static func echo(_ message: JSONValue) -> JSONValue {
        var fields = message.objectValue ?? [:]
        fields["type"] = nil
        return .object(fields)
    }

    /// Emits the requested event to the page that asked (X3).
    @_spi(Tools) public static func emit(_ request: EventRequest, in context: CapabilityContext) async {
        await emit(request.name, data: request.data ?? .null, in: context)
    }

    /// Emits the event `name` with `data` to the page of the call's connection (X3).
    @_spi(Tools) public static func emit(_ name: String, data: JSONValue, in context: CapabilityContext) async {
        await context.connection.emit(name, data: data)
    }

    /// Calls the requested page handler (X4); a page without the handler answers `"unhandled"`.
    @_spi(Tools) public static func call(
        _ request: CallRequest, in context: CapabilityContext
    ) async throws(BridgeError) -> JSONValue? {
        let deadline = min(max(request.deadline ?? 10, 0), 60)
        return try await context.connection.call(
            request.name, arguments: request.args, default: "unhandled", deadline: deadline)
    }
}
