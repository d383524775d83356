/// A capability with its types erased, as the dispatcher sees it. A class: the dispatcher takes
/// it from the registry for every message, which then costs one retain, not one per closure and
/// string it holds.
package final class RegisteredCapability: Sendable {
    /// How a call runs.
    package enum Execution: Sendable {
        /// In a task of its own, under the in-flight limit and its deadline: decodes the message,
        /// runs the handler, and encodes its result. `now`, when given, answers first without a
        /// task when it can (its result), or returns `nil` to leave the call to the task.
        case task(now: (@Sendable (ParsedMessage, CapabilityContext) -> JSONValue??)? = nil, _ run: @Sendable (JSONValue, CapabilityContext) async throws -> JSONValue?)
        /// At once, without a task: the capability hands its work to a bounded queue of its own
        /// and answers (`track`).
        case immediate(@Sendable (ParsedMessage, CapabilityContext) -> JSONValue?)
    }

    package let definition: CapabilityDefinition
    package let execution: Execution
    /// The reply when the call fails, times out or is cancelled.
    package let failureReply: @Sendable (BridgeError) -> BridgeReply

    package var type: String { definition.type }
    package var access: CapabilityAccess { definition.access }
    package var deadline: Double? { definition.deadline }

    /// Erases a capability given in closure form.
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
        self.init(definition, failureReply: { .rejection($0) }, handler: handler)
    }

    /// Erases a capability given in type form.
    package convenience init<Capability: BridgeCapability>(_ capability: Capability) {
        self.init(
            CapabilityDefinition(Capability.self),
            failureReply: { error in
                (Capability.self as? any SettlesWithoutRejecting.Type)?.failureReply(for: error) ?? .rejection(error)
            },
            handler: capability.handle,
            now: (capability as? any AnswersAtOnceWhenItCan)?.answeringAtOnce
        )
    }

    /// A capability answered at once, without a task (see ``Execution/immediate(_:)``), its
    /// request read straight from the parsed message.
    package init<Request: MessageReadable & Sendable>(
        immediate definition: CapabilityDefinition,
        answer: @escaping @Sendable (Request, CapabilityContext) -> Void
    ) {
        self.definition = definition
        failureReply = { _ in .undefined }
        execution = .immediate { message, context in
            answer(Request(message: message), context)
            return nil
        }
    }

    private init<Request: Decodable & Sendable, Result: Codable & Sendable>(
        _ definition: CapabilityDefinition,
        failureReply: @escaping @Sendable (BridgeError) -> BridgeReply,
        handler: @escaping @Sendable (Request, CapabilityContext) async throws -> Result,
        now: (@Sendable (ParsedMessage, CapabilityContext) -> JSONValue??)? = nil
    ) {
        self.definition = definition
        self.failureReply = failureReply
        self.execution = .task(now: now) { message, context in
            let request: Request
            if let readable = Request.self as? any MessageReadable.Type {
                // Cannot fail: `readable` is `Request.self`.
                request = readable.init(message: .value(message)) as! Request
            } else {
                do {
                    request = try JSONValueDecoder().decode(Request.self, from: message)
                } catch {
                    throw BridgeError(code: .invalidRequest, message: "the message does not match the fields of \(definition.type)")
                }
            }
            let result = try await handler(request, context)
            if let answer = result as? any JSONValueAnswer { return answer.answer }
            if let writable = result as? any JSONValueWritable { return writable.jsonValue }
            return try JSONValueEncoder().encode(result)
        }
    }
}

/// A request read straight from the parsed message, without a `Decoder`: for the hot path of
/// built-in capabilities.
package protocol MessageReadable {
    /// Reads the request leniently from the message.
    init(message: ParsedMessage)
}

/// A result written straight as a ``JSONValue``, without an `Encoder`: for the hot path of
/// built-in capabilities.
package protocol JSONValueWritable {
    var jsonValue: JSONValue { get }
}

/// A result that is a JSON value or nothing (`undefined`), decided at run time: what a host in
/// another language answers for the app (the Android library's capabilities).
package protocol JSONValueAnswer {
    var answer: JSONValue? { get }
}

extension Dictionary: JSONValueWritable where Key == String, Value == String {
    package var jsonValue: JSONValue { .object(mapValues(JSONValue.string)) }
}

extension JSONValue: JSONValueWritable {
    package var jsonValue: JSONValue { self }
}

/// The request of a capability that takes no fields: any message will do.
package struct NoFields: Decodable, Sendable, MessageReadable, BridgeShaped {
    package init(message _: ParsedMessage) {}
    package init(from _: any Decoder) {}
    package static var bridgeShape: TypeShape { .object([]) }
    package static var bridgePlaceholder: NoFields { NoFields(message: .value(.null)) }
}

/// A built-in capability that can sometimes answer without awaiting anything (`headers` with a
/// token the host pushed): it is then answered on the thread that received the message, without a
/// task, as an immediate capability is.
package protocol AnswersAtOnceWhenItCan: BridgeCapability where Request: MessageReadable, Result: JSONValueWritable {
    /// The result now, or `nil` when the call must run as a task.
    func answerAtOnce(_ request: Request, context: CapabilityContext) -> Result?
}

extension AnswersAtOnceWhenItCan {
    /// ``answerAtOnce(_:context:)`` over the parsed message, as ``RegisteredCapability/Execution/task(now:_:)`` takes it.
    var answeringAtOnce: @Sendable (ParsedMessage, CapabilityContext) -> JSONValue?? {
        { message, context in answerAtOnce(Request(message: message), context: context).map { .some($0.jsonValue) } }
    }
}

/// A built-in capability whose contract forbids rejecting (`track`, `establishSession`).
package protocol SettlesWithoutRejecting {
    /// What the page gets instead of a rejection.
    static func failureReply(for error: BridgeError) -> BridgeReply
}
