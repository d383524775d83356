/// The JSON after ``WireProtocol/errorPrefix`` in a structured rejection reason (X2).
@_spi(Adapters) public struct WireError: Codable, Sendable, Hashable {
    @_spi(Adapters) public var code: String
    @_spi(Adapters) public var message: String
    @_spi(Adapters) public var recoverable: Bool
}
