/// A capability with its types erased, as the dispatcher sees it.
package struct RegisteredCapability: Sendable {
    package let definition: CapabilityDefinition
    /// Decodes the message, runs the handler, and encodes its result.
    package let invoke: @Sendable (JSONValue, CapabilityContext) async throws -> JSONValue?
    /// The reply when the call fails, times out or is cancelled.
    package let failureReply: @Sendable (BridgeError) -> BridgeReply

    package var type: String { definition.type }
    package var access: CapabilityAccess { definition.access }
    package var deadline: Double? { definition.deadline }

    /// Erases a capability given in closure form.
    package init<Request: Decodable & Sendable, Result: Codable & Sendable>(
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
    package init<Capability: BridgeCapability>(_ capability: Capability) {
        self.init(
            CapabilityDefinition(Capability.self),
            failureReply: { error in
                (Capability.self as? any SettlesWithoutRejecting.Type)?.failureReply(for: error) ?? .rejection(error)
            },
            handler: capability.handle
        )
    }

    private init<Request: Decodable & Sendable, Result: Codable & Sendable>(
        _ definition: CapabilityDefinition,
        failureReply: @escaping @Sendable (BridgeError) -> BridgeReply,
        handler: @escaping @Sendable (Request, CapabilityContext) async throws -> Result
    ) {
        self.definition = definition
        self.failureReply = failureReply
        self.invoke = { message, context in
            let request: Request
            do {
                request = try JSONValueDecoder().decode(Request.self, from: message)
            } catch {
                throw BridgeError(code: .invalidRequest, message: "the message does not match the fields of \(definition.type)")
            }
            return try JSONValueEncoder().encode(try await handler(request, context))
        }
    }
}

/// A built-in capability whose contract forbids rejecting (`track`, `establishSession`).
package protocol SettlesWithoutRejecting {
    /// What the page gets instead of a rejection.
    static func failureReply(for error: BridgeError) -> BridgeReply
}
