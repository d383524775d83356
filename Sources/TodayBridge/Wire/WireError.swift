/// The JSON after ``WireProtocol/errorPrefix`` in a structured rejection reason (X2).
package struct WireError: Codable, Sendable {
    package var code: String
    package var message: String
    package var recoverable: Bool
}
