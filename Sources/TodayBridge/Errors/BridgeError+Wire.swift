extension BridgeError {
    /// The rejection reason the page receives: the prefix and a JSON object (contract X2, C4).
    package var wireReason: String {
        let body = WireError(code: code.rawValue, message: message, recoverable: recoverable)
        // Strings and a boolean only: encoding cannot fail.
        return WireProtocol.errorPrefix + ((try? JSONValueEncoder().encode(body)) ?? .null).jsonString
    }
}
