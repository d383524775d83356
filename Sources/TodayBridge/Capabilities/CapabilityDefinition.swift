/// What defines a capability for the page: its type, who may call it, and its request and result types (X6).
package struct CapabilityDefinition: Sendable {
    package let type: String
    package let access: CapabilityAccess
    package let deadline: Double?
    package let summary: String?
    /// Reads the request's shape; a closure because metatypes of `Decodable` are not `Sendable`.
    package let requestShape: @Sendable () -> TypeShape
    /// Reads the result's shape.
    package let resultShape: @Sendable () -> TypeShape

    package init<Capability: BridgeCapability>(_: Capability.Type) {
        self.init(
            type: Capability.type, access: Capability.access, deadline: Capability.deadline, summary: Capability.summary,
            request: Capability.Request.self, result: Capability.Result.self
        )
    }

    package init<Request: Decodable & Sendable, Result: Decodable & Sendable>(
        type: String,
        access: CapabilityAccess,
        deadline: Double?,
        summary: String?,
        request: Request.Type,
        result: Result.Type
    ) {
        self.type = type
        self.access = access
        self.deadline = deadline
        self.summary = summary
        self.requestShape = { ShapeReader.shape(of: Request.self) }
        self.resultShape = { ShapeReader.shape(of: Result.self) }
    }
}
