extension JSONValue {
    /// Compact JSON text with sorted keys, safe to embed in JavaScript source.
    ///
    /// U+2028 and U+2029 are escaped (they end a line in older JavaScript), integral numbers print
    /// without a fraction, and non-finite numbers print as `null`, as `JSON.stringify` does.
    public var jsonString: String {
        String(decoding: jsonUTF8, as: UTF8.self)
    }

    /// ``jsonString`` as UTF-8 bytes, for engines that take a C string.
    package var jsonUTF8: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        write(to: &output)
        return output
    }

    private func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): output.append(contentsOf: Self.format(value).utf8)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                members[key]!.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return "\(number)"
    }

    /// Writes a quoted string, copying runs that need no escape in one go.
    private static func writeString(_ string: String, to output: inout [UInt8]) {
        var string = string
        output.append(UInt8(ascii: "\""))
        string.withUTF8 { bytes in
            output.reserveCapacity(output.count + bytes.count + 1)
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let escape: String?
                var width = 1
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "\n"): escape = "\\n"
                case UInt8(ascii: "\r"): escape = "\\r"
                case UInt8(ascii: "\t"): escape = "\\t"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case ..<0x20: escape = "\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    // U+2028 and U+2029 end a line in older JavaScript.
                    escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    width = 3
                default: escape = nil
                }
                if let escape {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    output.append(contentsOf: escape.utf8)
                    index += width
                    runStart = index
                } else {
                    index += 1
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }
}
