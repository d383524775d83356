import TodayBridge

extension JSONValue {
    /// Parses JSON text the app hands the core as UTF-8 bytes (what crosses JNI): answers,
    /// arguments, events and stream values. The depth is bounded as for a page's messages; the
    /// size is not: X7 bounds what pages send, and an app that raised `maxMessageBytes` answers
    /// as much.
    init(utf8 bytes: [UInt8]) throws {
        self = try bytes.withUnsafeBytes { try JSONValue(parsing: $0, limits: .appJSON) }
    }
}

extension JSONLimits {
    /// The limits of the app's own JSON across JNI: any size, the default depth.
    static let appJSON = JSONLimits(maxBytes: .max, maxDepth: JSONLimits.default.maxDepth)
}
