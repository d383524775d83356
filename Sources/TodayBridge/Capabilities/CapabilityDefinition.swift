/// What defines a capability for the page: its type, who may call it, and its request and result types (X6).
package struct CapabilityDefinition: Sendable {
    package let type: String
    package let access: CapabilityAccess
    package let deadline: Double?
    package let summary: String?
    /// The request's type, whose shape the generated TypeScript reads (`TodayBridgeTypeScript`).
    package let request: any (Decodable & Sendable).Type
    /// The result's type; for a stream, the type of each of its values.
    package let result: any (Decodable & Sendable).Type
    /// Whether the capability answers with a stream of values (ST1).
    package let isStream: Bool

    package init<Capability: BridgeCapability>(_: Capability.Type) {
        self.init(
            type: Capability.type, access: Capability.access, deadline: Capability.deadline,
            summary: Capability.summary,
            request: Capability.Request.self, result: Capability.Result.self
        )
    }

    package init<Request: Decodable & Sendable, Result: Decodable & Sendable>(
        type: String,
        access: CapabilityAccess,
        deadline: Double?,
        summary: String?,
        request: Request.Type,
        result: Result.Type,
        isStream: Bool = false
    ) {
        self.isStream = isStream
        self.type = type
        self.access = access
        self.deadline = deadline
        self.summary = summary
        self.request = request
        self.result = result
    }
}
