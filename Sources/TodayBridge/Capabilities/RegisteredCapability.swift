/// A capability with its types erased, as the dispatcher sees it. A class: the dispatcher takes
/// it from the registry for every message, which then costs one retain, not one per closure and
/// string it holds.
///
/// How its calls run is chosen once, here, as it is registered: an app's capability runs each
/// call in a task; a built-in one as its ``BuiltInCapability`` requirements say; `track` at once.
package final class RegisteredCapability: Sendable {
    /// How a call runs.
    package enum Execution: Sendable {
        /// As the message arrives, on the thread that received it, never in a task: the
        /// capability hands its work to a bounded queue of its own and answers (`track`, T1).
        case atOnce(@Sendable (ParsedMessage, CapabilityContext) -> JSONValue?)
        /// In a task of its own, under the in-flight limit and its deadline (C5), unless
        /// `answerFirst` answers ``CapabilityAnswer/now(_:)`` as the message arrives (`headers`
        /// with a token the host pushed).
        case task(answerFirst: @Sendable (ParsedMessage, CapabilityContext) -> CapabilityAnswer, run: Run)
        /// A stream (ST1): the message opens it and is answered at once; its values run in a task
        /// of their own, under the window and the deadline between values.
        case stream(StreamRun)
    }

    /// A call's task: reads the request from the message, runs the handler and writes its result.
    package typealias Run = @Sendable (JSONValue, CapabilityContext) async throws -> JSONValue?

    /// A stream's task: reads the request from the message, runs the handler and hands each value,
    /// written as JSON, to the sink.
    package typealias StreamRun = @Sendable (JSONValue, CapabilityContext, StreamSink) async throws -> Void

    package let definition: CapabilityDefinition
    package let execution: Execution
    /// The reply when the call fails, times out or is cancelled.
    package let failureReply: @Sendable (BridgeError) -> BridgeReply

    package var type: String { definition.type }
    package var access: CapabilityAccess { definition.access }
    package var deadline: Double? { definition.deadline }

    private init(
        _ definition: CapabilityDefinition,
        execution: Execution,
        failureReply: @escaping @Sendable (BridgeError) -> BridgeReply
    ) {
        self.definition = definition
        self.execution = execution
        self.failureReply = failureReply
    }

    /// An app's capability given in closure form: each call in a task.
    package convenience init<Request: Decodable & Sendable, Result: Codable & Sendable>(
        type: String,
        access: CapabilityAccess,
        deadline: Double?,
        summary: String?,
        handler: @escaping @Sendable (Request, CapabilityContext) async throws -> Result
    ) {
        let definition = CapabilityDefinition(
            type: type, access: access, deadline: deadline, summary: summary,
            request: Request.self, result: Result.self
        )
        self.init(app: definition, handler: handler)
    }

    /// An app's capability given in type form: each call in a task.
    package convenience init<Capability: BridgeCapability>(_ capability: Capability) {
        self.init(app: CapabilityDefinition(Capability.self), handler: capability.handle)
    }

    /// An app's stream in closure form (ST1): each stream in a task, each value encoded as it comes.
    package convenience init<Request: Decodable & Sendable, Values: AsyncSequence, Value: Codable & Sendable>(
        stream type: String,
        access: CapabilityAccess,
        deadline: Double?,
        summary: String?,
        handler: @escaping @Sendable (Request, CapabilityContext) async throws -> Values
    ) where Values.Element == Value, Values: SendableMetatype, Values.AsyncIterator: SendableMetatype {
        // A stream's values go to the main frame, as events do: `anyFrame` serves the main frame
        // of any origin (ST1).
        let definition = CapabilityDefinition(
            type: type, access: access == .anyFrame ? .mainFrame : access, deadline: deadline, summary: summary,
            request: Request.self, result: Value.self, isStream: true
        )
        self.init(
            definition,
            execution: .stream { message, context, sink in
                let request = try RegisteredCapability.decode(Request.self, from: message, for: type)
                for try await value in try await handler(request, context) {
                    try await sink.send(try JSONValueEncoder().encode(value))
                }
            },
            failureReply: { error in .rejection(error) }
        )
    }

    /// A capability the bridge answers itself, run as its ``BuiltInCapability`` requirements say.
    package convenience init<Capability: BuiltInCapability>(builtIn capability: Capability) {
        self.init(
            CapabilityDefinition(Capability.self),
            execution: .task(
                answerFirst: { message, context in capability.answerAtOnce(message, context: context) },
                run: { message, context in
                    let request = try Capability.readRequest(from: message)
                    return try Capability.writeResult(try await capability.handle(request, context: context))
                }
            ),
            failureReply: { error in Capability.failureReply(for: error) }
        )
    }

    /// A capability always answered as its message arrives (see ``Execution/atOnce(_:)``), its
    /// request read straight from the parsed message; it answers `undefined`.
    package convenience init<Request: MessageReadable & Sendable>(
        atOnce definition: CapabilityDefinition,
        answer: @escaping @Sendable (Request, CapabilityContext) -> Void
    ) {
        self.init(
            definition,
            execution: .atOnce { message, context in
                answer(Request(message: message), context)
                return nil
            },
            failureReply: { _ in .undefined }
        )
    }

    /// Each call in a task: the request decoded, the result encoded, a failure rejected (X1, X2).
    private convenience init<Request: Decodable & Sendable, Result: Codable & Sendable>(
        app definition: CapabilityDefinition,
        handler: @escaping @Sendable (Request, CapabilityContext) async throws -> Result
    ) {
        self.init(
            definition,
            execution: .task(
                answerFirst: { _, _ in .later },
                run: { message, context in
                    let request = try RegisteredCapability.decode(Request.self, from: message, for: definition.type)
                    return try JSONValueEncoder().encode(try await handler(request, context))
                }
            ),
            failureReply: { error in .rejection(error) }
        )
    }

    /// Decodes a call's request; a message that does not match rejects as `invalidRequest` (X1).
    package static func decode<Request: Decodable>(
        _: Request.Type,
        from message: JSONValue,
        for type: String
    ) throws(BridgeError) -> Request {
        do {
            return try JSONValueDecoder().decode(Request.self, from: message)
        } catch {
            throw BridgeError(code: .invalidRequest, message: "the message does not match the fields of \(type)")
        }
    }
}
