import TodayBridge
@_spi(Tools) import TodayBridgeConformance

/// Capabilities for trying a page's use of the bridge (`open --test-capabilities`):
///
/// - `echo` (any frame): resolves with the message's fields.
/// - `fail` (any frame): rejects with code `declined`, recoverable.
/// - `emitEvent` `{ name, data }` (main frame): the host emits the event (X3).
/// - `callPage` `{ name, args, deadline? }` (main frame): the host calls the page's handler, which
///   has `deadline` seconds to answer (10 unless said, at most 60), and resolves with `{ value }`
///   or `{ error }` (X4).
/// - `sleep` `{ ms }` (any frame): resolves `undefined` after `ms` milliseconds (at most 60 s), to
///   keep calls in flight while a page reloads or removes a frame.
/// - `count` `{ to, failAt? }` (main frame), a stream (ST1–ST5): yields `{ n }` for `n` from 0
///   below `to` (at most 10,000), then finishes; with `failAt`, fails with code `declined` there.
/// - `replay` `{ values }` (main frame), a stream (ST2, B1): yields each of `values` (at most
///   1,000) in order, bytes among them, then finishes.
/// - `deliveries` (main frame, with a ``PageRunProbe``): what the WebKitGTK view delivered to the
///   page and which way (`WebKitGTKDeliveries`: through the web process extension, the bytes
///   beside the text, or as scripts), or `null` on another engine.
/// - `closeView` (main frame, with a ``PageRunCloser``): the app closes the web view, as when its
///   screen is dismissed; the run ends as if the page had closed itself.
package enum TestCapabilities {
    struct SleepRequest: Decodable, Sendable {
        var ms: Double
    }

    struct ReplayRequest: Decodable, Sendable {
        var values: [JSONValue]
    }

    package static func register(
        in bridge: TodayBridge, closer: PageRunCloser? = nil, probe: PageRunProbe? = nil
    ) throws {
        try bridge.registerStream("count", access: .mainFrame, summary: "yields { n } from 0 below to") {
            (request: PageExercises.CountRequest, _) in
            PageExercises.count(
                request, failure: BridgeError(code: "declined", message: "declined on purpose", recoverable: true))
        }
        try bridge.register("echo", access: .anyFrame, summary: "resolves with the message's fields") {
            (message: JSONValue, _) in
            PageExercises.echo(message)
        }
        try bridge.register("fail", access: .anyFrame, summary: "always rejects") { (_: JSONValue, _) -> NoResult in
            throw BridgeError(code: "declined", message: "declined on purpose", recoverable: true)
        }
        try bridge.register("sleep", access: .anyFrame, summary: "resolves after ms milliseconds") {
            (request: SleepRequest, _) -> NoResult in
            try await Task.sleep(nanoseconds: UInt64(min(max(request.ms, 0), 60_000) * 1_000_000))
            return NoResult()
        }
        try bridge.register("emitEvent", access: .mainFrame, summary: "the host emits an event") {
            (request: PageExercises.EventRequest, context) in
            await PageExercises.emit(request, in: context)
            return NoResult()
        }
        try bridge.register("callPage", access: .mainFrame, summary: "the host calls a page handler") {
            (request: PageExercises.CallRequest, context) -> JSONValue in
            do {
                return ["value": try await PageExercises.call(request, in: context) ?? .null]
            } catch {
                return ["error": .string("\(error)")]
            }
        }
        try bridge.registerStream("replay", access: .mainFrame, summary: "yields each of values in order") {
            (request: ReplayRequest, _) in
            AsyncStream<JSONValue> { continuation in
                for value in request.values.prefix(1_000) { continuation.yield(value) }
                continuation.finish()
            }
        }
        try bridge.register("deliveries", access: .mainFrame, summary: "how the view delivered to the page") {
            (_: JSONValue, _) -> JSONValue in
            await probe?.deliveries() ?? .null
        }
        guard let closer else { return }
        try bridge.register("closeView", access: .mainFrame, summary: "the app closes the web view") {
            (_: JSONValue, _) -> NoResult in
            closer.closeView()
            return NoResult()
        }
    }
}
