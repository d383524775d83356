#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TodayBridge

extension JSONValue {
    /// Parses JSON text the app hands the core as UTF-8 bytes (what crosses JNI): answers,
    /// arguments, events and stream values, each byte value the index of one of `attachments`,
    /// the byte arrays that crossed beside the text, or its base64 (B2). The depth is bounded as
    /// for a page's messages; the size, the text's and the attachments' together (B4), is not:
    /// X7 bounds what pages send, and an app that raised `maxMessageBytes` answers as much.
    init(utf8 bytes: [UInt8], attachments: [Data] = []) throws {
        self = try bytes.withUnsafeBytes { try JSONValue(parsing: $0, limits: .appJSON, attachments: attachments) }
    }
}

extension JSONLimits {
    /// The limits of the app's own JSON across JNI: any size, the default depth.
    static let appJSON = JSONLimits(maxBytes: .max, maxDepth: JSONLimits.default.maxDepth)
}
