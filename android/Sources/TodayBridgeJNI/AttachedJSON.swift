#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@_spi(Adapters) import TodayBridge

/// JSON as it crosses JNI between the core and the Kotlin glue, or to a frame through its reply
/// proxy (B2, the attachments form): UTF-8 text whose byte values are `{"__today.bytes": n}`, n
/// the index of their bytes in `attachments`, which cross as Java `byte[]`s beside the text (a
/// `byte[][]`, null for none), never as base64.
struct AttachedJSON: Sendable {
    var text: [UInt8]
    var attachments: [Data] = []

    init(text: [UInt8], attachments: [Data] = []) {
        self.text = text
        self.attachments = attachments
    }

    /// `value`'s text, each byte value the index of its attachment.
    init(_ value: JSONValue) {
        (text, attachments) = value.jsonUTF8AttachingBytes
    }
}
