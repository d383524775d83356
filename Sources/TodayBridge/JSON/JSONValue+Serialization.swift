#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// Compact JSON text with sorted keys, safe to embed in JavaScript source.
    ///
    /// U+2028 and U+2029 are escaped (they end a line in older JavaScript), integral numbers print
    /// without a fraction, and non-finite numbers print as `null`, as `JSON.stringify` does.
    public var jsonString: String {
        String(decoding: jsonUTF8, as: UTF8.self)
    }

    /// ``jsonString`` as UTF-8 bytes, for engines that take a C string: an adapter answering a
    /// ``BridgeReply/value(_:)`` through a C API hands these over without a `String` in between.
    ///
    /// ```swift
    /// var json = value.jsonUTF8
    /// json.append(0)
    /// json.withUnsafeBytes { engine_reply_with_json(reply, $0.baseAddress) }
    /// ```
    public var jsonUTF8: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        write(to: &output)
        return output
    }

    /// ``jsonUTF8`` for an engine that carries bytes beside a message's text (B2): each byte value
    /// written as the index of its attachment, in the order the attachments are returned.
    @_spi(Adapters) public var jsonUTF8AttachingBytes: (text: [UInt8], attachments: [Data]) {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        let attachments = ByteAttachments()
        write(to: &output, attachments: attachments)
        return (output, attachments.list)
    }

    /// Appends the compact text to `output`: each object's members in key order, or, when
    /// `sortingKeys` is `false`, in the dictionary's own order, for text that only a parser reads
    /// (what crosses to a host in another language), which then costs no sorting. Bytes are
    /// written as their base64, or as an index into `attachments` when there are some (B2).
    func write(to output: inout [UInt8], sortingKeys: Bool = true, attachments: ByteAttachments? = nil) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bytes(let bytes): Self.write(bytes, to: &output, attachments: attachments)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): Self.write(value, to: &output)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output, sortingKeys: sortingKeys, attachments: attachments)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            if !sortingKeys || members.count == 1 {
                // In the dictionary's order: nothing to sort, no array for the order.
                for (index, member) in members.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    Self.write(member, to: &output, sortingKeys: sortingKeys, attachments: attachments)
                }
            } else {
                for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    Self.write(member, to: &output, sortingKeys: sortingKeys, attachments: attachments)
                }
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Appends one member of an object: its key, a colon, its value.
    static func write(
        _ member: (key: String, value: JSONValue), to output: inout [UInt8], sortingKeys: Bool = true,
        attachments: ByteAttachments? = nil
    ) {
        writeString(member.key, to: &output)
        output.append(UInt8(ascii: ":"))
        member.value.write(to: &output, sortingKeys: sortingKeys, attachments: attachments)
    }

    /// Appends a byte value's object (B2): `{"__today.bytes":"<base64>"}`, or the index of its
    /// attachment.
    private static func write(_ bytes: Data, to output: inout [UInt8], attachments: ByteAttachments?) {
        output.append(contentsOf: #"{""#.utf8)
        output.append(contentsOf: WireProtocol.bytesMember.utf8)
        output.append(contentsOf: #"":"#.utf8)
        if let attachments {
            write(Double(attachments.list.count), to: &output)
            attachments.list.append(bytes)
        } else {
            output.append(UInt8(ascii: "\""))
            output.append(contentsOf: bytes.base64EncodedData())
            output.append(UInt8(ascii: "\""))
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Appends a number's text: `null` when it is not finite, as `JSON.stringify` writes it; an
    /// integer below 10^15 by its digits, written directly (ids, counts: most numbers in
    /// messages); any other number as Swift describes it.
    private static func write(_ number: Double, to output: inout [UInt8]) {
        guard number.isFinite else { return output.append(contentsOf: "null".utf8) }
        guard number == number.rounded(), abs(number) < 1e15 else { return output.append(contentsOf: "\(number)".utf8) }
        var magnitude = UInt64(abs(number))
        if number < 0 { output.append(UInt8(ascii: "-")) }
        // Most significant digit first: the place of the first digit, then each digit in turn.
        var place: UInt64 = 1
        while place <= magnitude / 10 { place *= 10 }
        repeat {
            output.append(UInt8(ascii: "0") + UInt8(magnitude / place))
            magnitude %= place
            place /= 10
        } while place > 0
    }

    /// A number's JSON text, as ``write(to:)`` writes it.
    static func format(_ number: Double) -> String {
        var text: [UInt8] = []
        write(number, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// The length of `string`'s JSON text, quotes and escapes included, as ``jsonUTF8`` writes it.
    package static func jsonLength(of string: String) -> Int {
        let plain = string.utf8.withContiguousStorageIfAvailable { !JSONPlainBytes.mayNeedEscaping($0) }
        if plain == true { return string.utf8.count + 2 }
        var text: [UInt8] = []
        writeString(string, to: &text)
        return text.count
    }

    /// Writes a quoted string: in one copy when nothing in it needs escaping, as is usual.
    private static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let copied = string.utf8.withContiguousStorageIfAvailable { bytes in
            guard !JSONPlainBytes.mayNeedEscaping(bytes) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if copied != true { writeEscaped(Array(string.utf8), to: &output) }
        output.append(UInt8(ascii: "\""))
    }

    private static func writeEscaped(_ bytes: [UInt8], to output: inout [UInt8]) {
        output.reserveCapacity(output.count + bytes.count + 8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
            case UInt8(ascii: "\n"): output.append(contentsOf: "\\n".utf8)
            case UInt8(ascii: "\r"): output.append(contentsOf: "\\r".utf8)
            case UInt8(ascii: "\t"): output.append(contentsOf: "\\t".utf8)
            case 0x08: output.append(contentsOf: "\\b".utf8)
            case 0x0C: output.append(contentsOf: "\\f".utf8)
            case ..<0x20: output.append(contentsOf: ("\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)).utf8)
            case 0xE2
            where index + 1 < bytes.count && bytes[index] == 0x80
                && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                // U+2028 and U+2029 end a line in older JavaScript.
                output.append(contentsOf: (bytes[index + 1] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                index += 2
            default: output.append(byte)
            }
        }
    }
}

/// The bytes a message's text refers to by index, collected as the text is written (B2).
final class ByteAttachments {
    var list: [Data] = []
}
