import TodayBridge

extension JSONValue {
    /// Parses JSON text given as UTF-8 bytes (what crosses JNI), with the default limits.
    init(utf8 bytes: [UInt8]) throws {
        self = try bytes.withUnsafeBytes { try JSONValue(parsing: $0) }
    }
}
