extension BridgeError {
    /// The prefix that marks a rejection reason as a structured error.
    package static let wirePrefix = "TodayBridgeError:"

    /// The rejection reason the page receives: the prefix and a JSON object (contract X2, C4).
    package var wireReason: String {
        let body: JSONValue = [
            "code": .string(code.rawValue),
            "message": .string(message),
            "recoverable": .bool(recoverable),
        ]
        return Self.wirePrefix + body.jsonString
    }
}
