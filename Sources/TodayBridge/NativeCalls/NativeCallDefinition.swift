/// What defines a native call for the page: the handler's name and the shapes of its arguments
/// and result (X4, X6).
package struct NativeCallDefinition: Sendable {
    package let name: String
    package let summary: String?
    /// Reads the arguments' shape; a closure because metatypes of `Decodable` are not `Sendable`.
    package let argumentsShape: @Sendable () -> TypeShape
    /// Reads the result's shape.
    package let resultShape: @Sendable () -> TypeShape

    package init<Arguments: Codable & Sendable, Result: Decodable & Sendable>(
        name: String,
        summary: String?,
        arguments: Arguments.Type,
        result: Result.Type
    ) {
        self.name = name
        self.summary = summary
        argumentsShape = { ShapeReader.shape(of: Arguments.self) }
        resultShape = { ShapeReader.shape(of: Result.self) }
    }
}
