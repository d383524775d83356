/// What defines a native event for the page: its name and the type of its data (X3, X6).
package struct NativeEventDefinition: Sendable {
    package let name: String
    package let summary: String?
    /// The data's type, whose shape the generated TypeScript reads (`TodayBridgeTypeScript`).
    package let payload: any (Decodable & Sendable).Type

    package init<Payload: Codable & Sendable>(name: String, summary: String?, payload: Payload.Type) {
        self.name = name
        self.summary = summary
        self.payload = payload
    }
}
