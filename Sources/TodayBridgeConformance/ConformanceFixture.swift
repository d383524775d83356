import TodayBridge

/// The capabilities the conformance kit needs from a host under test, registered on its bridge.
///
/// The kit (the web package's `conformance/` pages, or ``ConformanceKit`` embedded here) checks
/// every rule a page can observe. Some rules need the host's help: an error on purpose, a
/// deadline, an event, a call to the page. A host runs the kit with these registered, on a
/// bridge whose limits are the defaults:
///
/// | Type | Access | Behaviour |
/// |---|---|---|
/// | `conformance.echo` | any frame | resolves the message's fields, without `type` |
/// | `conformance.count` | any frame | `{ count: number }` resolves `{ count }`; anything else rejects `invalidRequest` |
/// | `conformance.nothing` | any frame | resolves `undefined` |
/// | `conformance.reject` | any frame | rejects with code `conformance.declined`, recoverable |
/// | `conformance.throw` | any frame | throws a native error; the page must see a generic `failed` |
/// | `conformance.slow` | any frame | a deadline of 1 s, and never answers before it: rejects `timeout` |
/// | `conformance.emit` | main frame | `{ name, data }`: the host emits the event to the page |
/// | `conformance.call` | main frame | `{ name, args }`: the host calls the page's handler; resolves `{ value }` or `{ error }` |
/// | `conformance.mainFrame` | main frame | resolves `true` |
/// | `conformance.trusted` | trusted surface | resolves `true` |
/// | `conformance.stream` | main frame | a stream: `{ to, failAt? }` yields `{ n }` for `n` from 0 below `to`, then finishes; at `failAt` fails with `conformance.declined` (ST2, ST4, ST5) |
///
/// It also declares the page handlers the kit registers and has `conformance.call` call, so the
/// kit's handlers are typed by the generated map (X4, X6): `conformance.double` doubles a number,
/// `conformance.broken` throws. A host in another language (a Kotlin app) registers the same
/// types with the same behaviour; the declarations only type the kit.
///
/// ```swift
/// try ConformanceFixture.register(in: bridge)
/// ```
public enum ConformanceFixture {
    /// The deadline of `conformance.slow`, in seconds.
    public static let slowDeadline = 1.0

    /// The code of `conformance.reject`'s error.
    public static let declinedCode: BridgeError.Code = "conformance.declined"

    /// Text a native error carries that must never reach the page (X2).
    public static let nativeSecret = "native-detail-do-not-leak"

    /// The kit's page handler that resolves twice the number it is called with (X4).
    @_spi(Tools) public static let double = NativeCall(
        "conformance.double", arguments: Int.self, result: Int.self,
        summary: "the kit's handler: resolves twice the number")

    /// The kit's page handler that throws, so the call fails with `failed` (X4).
    @_spi(Tools) public static let broken = NativeCall(
        "conformance.broken", arguments: NoResult.self, result: NoResult.self, summary: "the kit's handler: throws")

    /// Registers the fixture's capabilities on `bridge` and declares the kit's page handlers.
    public static func register(in bridge: TodayBridge) throws(BridgeConfigurationError) {
        try bridge.declare(double)
        try bridge.declare(broken)
        try bridge.register("conformance.echo", access: .anyFrame, summary: "resolves the message's fields") {
            (message: JSONValue, _) in
            PageExercises.echo(message)
        }
        try bridge.register("conformance.count", access: .anyFrame, summary: "resolves the count it was given") {
            (request: Count, _) in request
        }
        try bridge.register("conformance.nothing", access: .anyFrame, summary: "resolves undefined") {
            (_: Nothing, _) in NoResult()
        }
        try bridge.register("conformance.reject", access: .anyFrame, summary: "rejects on purpose") {
            (_: Nothing, _) -> NoResult in
            throw BridgeError(code: declinedCode, message: "declined on purpose", recoverable: true)
        }
        try bridge.register("conformance.throw", access: .anyFrame, summary: "throws a native error") {
            (_: Nothing, _) -> NoResult in
            throw NativeFailure()
        }
        try bridge.register(
            "conformance.slow", access: .anyFrame, deadline: slowDeadline, summary: "outlives its deadline"
        ) { (_: Nothing, _) -> NoResult in
            try await Task.sleep(nanoseconds: UInt64(slowDeadline * 30 * 1_000_000_000))
            return NoResult()
        }
        try bridge.register("conformance.emit", access: .mainFrame, summary: "the host emits an event") {
            (request: PageExercises.EventRequest, context) in
            await PageExercises.emit(request, in: context)
            return NoResult()
        }
        try bridge.register("conformance.call", access: .mainFrame, summary: "the host calls a page handler") {
            (request: PageExercises.CallRequest, context) in
            do throws(BridgeError) {
                return CallAnswer(value: try await PageExercises.call(request, in: context), error: nil)
            } catch {
                return CallAnswer(value: nil, error: error.code.rawValue)
            }
        }
        try bridge.register("conformance.mainFrame", access: .mainFrame, summary: "resolves true") { (_: Nothing, _) in
            true
        }
        try bridge.register("conformance.trusted", access: .trustedSurface, summary: "resolves true") {
            (_: Nothing, _) in true
        }
        try bridge.registerStream("conformance.stream", access: .mainFrame, summary: "yields { n } from 0 below to") {
            (request: PageExercises.CountRequest, _) in
            PageExercises.count(
                request, failure: BridgeError(code: declinedCode, message: "declined on purpose", recoverable: true))
        }
    }

    struct Nothing: Decodable, Sendable {}

    struct Count: Codable, Sendable {
        var count: Int
    }

    struct CallAnswer: Codable, Sendable {
        var value: JSONValue?
        var error: String?
    }

    struct NativeFailure: Error, CustomStringConvertible {
        var description: String { "native failure: \(ConformanceFixture.nativeSecret)" }
    }
}
