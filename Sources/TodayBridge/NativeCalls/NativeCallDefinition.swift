/// What defines a native call for the page: the handler's name and the types of its arguments
/// and result (X4, X6).
package struct NativeCallDefinition: Sendable {
    package let name: String
    package let summary: String?
    /// The arguments' type, whose shape the generated TypeScript reads (`TodayBridgeTypeScript`).
    package let arguments: any (Decodable & Sendable).Type
    /// The result's type.
    package let result: any (Decodable & Sendable).Type

    package init<Arguments: Codable & Sendable, Result: Decodable & Sendable>(
        name: String,
        summary: String?,
        arguments: Arguments.Type,
        result: Result.Type
    ) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.result = result
    }
}
