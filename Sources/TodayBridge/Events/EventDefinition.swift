/// What defines a native event for the page: its name and the shape of its data (X3, X6).
package struct EventDefinition: Sendable {
    package let name: String
    package let summary: String?
    /// Reads the data's shape; a closure because metatypes of `Decodable` are not `Sendable`.
    package let payloadShape: @Sendable () -> TypeShape

    package init<Payload: Codable & Sendable>(name: String, summary: String?, payload: Payload.Type) {
        self.name = name
        self.summary = summary
        payloadShape = {
            // An event without data (`NoResult`) reaches the listener as `null`, not `undefined`.
            let shape = ShapeReader.shape(of: Payload.self)
            return shape == .void ? .null : shape
        }
    }
}
