/// IP addresses in the forms URL parsers accept, and the one canonical form engines report (S2, C8).
///
/// A host that ends in a number is an IPv4 address: one to four dot-separated parts, each decimal,
/// octal (a leading `0`) or hexadecimal (`0x`), the last filling the remaining bytes, with one
/// trailing dot allowed. So `127.1`, `0x7f.0.0.1`, `0177.0.0.1` and `2130706433` are all
/// `127.0.0.1`. IPv6 has up to eight groups of one to four hex digits, one `::`, and may end in a
/// four-part IPv4 address; its canonical form is lower-case, without leading zeros, with the
/// longest run of two or more zero groups (the first on a tie) written `::`.
/// This is what Chromium's URL canonicalizer does (`url/url_canon_ip.h`), which Android's
/// `allowedOriginRules` parser uses for IP literals.
enum IPAddressLiteral {
    /// What a host is, read as an IPv4 address.
    enum IPv4Reading: Equatable {
        /// An IPv4 address, in dotted-decimal form.
        case address(String)
        /// Not a number at the end: a host name.
        case name
        /// Ends in a number but is no IPv4 address (`1.2.3.256`, `08`, `a.1`): no URL parser accepts it.
        case malformed
    }

    /// Reads `host` as an IPv4 address in any form URL parsers accept.
    static func readIPv4(_ host: Substring) -> IPv4Reading {
        switch ipv4(host) {
        case .bytes(let bytes): .address(bytes.map(String.init).joined(separator: "."))
        case .name: .name
        case .malformed: .malformed
        }
    }

    /// The canonical text of an IPv6 address given without brackets; `nil` when it is not one.
    static func canonicalIPv6(_ text: Substring) -> String? {
        guard let groups = ipv6Groups(text) else { return nil }
        // The longest run of at least two zero groups, the first on a tie, becomes `::`.
        var best: Range<Int>?, start: Int?
        for index in 0...groups.count {
            if index < groups.count, groups[index] == 0 {
                start = start ?? index
            } else if let runStart = start {
                if index - runStart >= 2, index - runStart > (best?.count ?? 0) { best = runStart..<index }
                start = nil
            }
        }
        let hex = groups.map { String($0, radix: 16) }
        guard let best else { return hex.joined(separator: ":") }
        return hex[..<best.lowerBound].joined(separator: ":") + "::" + hex[best.upperBound...].joined(separator: ":")
    }

    /// The eight 16-bit groups of an IPv6 address.
    private static func ipv6Groups(_ text: Substring) -> [UInt16]? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        guard let head = groups(halves[0], mayEndInIPv4: halves.count == 1) else { return nil }
        guard halves.count == 2 else { return head.count == 8 ? head : nil }
        guard let tail = groups(halves[1], mayEndInIPv4: true), head.count + tail.count <= 7 else { return nil }
        return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
    }

    /// Colon-separated groups of hex digits; the last may be a four-part IPv4 address (two groups).
    private static func groups(_ text: String, mayEndInIPv4: Bool) -> [UInt16]? {
        guard !text.isEmpty else { return [] }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        var groups: [UInt16] = []
        for (index, part) in parts.enumerated() {
            if index == parts.count - 1, mayEndInIPv4, part.contains(where: { $0 == "." || $0 == "x" || $0 == "X" }) {
                // Inside IPv6 the address has exactly four parts and no trailing dot.
                guard part.last != ".", case .bytes(let bytes) = ipv4(part), part.split(separator: ".").count == 4
                else { return nil }
                groups += [UInt16(bytes[0]) << 8 | UInt16(bytes[1]), UInt16(bytes[2]) << 8 | UInt16(bytes[3])]
            } else {
                guard (1...4).contains(part.count), let group = UInt16(part, radix: 16), part.allSatisfy(\.isHexDigit)
                else { return nil }
                groups.append(group)
            }
        }
        return groups
    }

    private enum IPv4 {
        case bytes([UInt8])
        case name
        case malformed
    }

    /// The four bytes of an IPv4 address, or why there are none.
    private static func ipv4(_ host: Substring) -> IPv4 {
        var host = host
        if host.last == "." { host = host.dropLast() }
        guard !host.isEmpty else { return .name }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        var numbers: [UInt64] = []
        for (index, part) in parts.enumerated().reversed() {
            switch number(part) {
            case .value(let value): numbers.insert(value, at: 0)
            case .notANumber where index == parts.count - 1: return .name
            case .notANumber, .tooLarge: return .malformed
            }
        }
        guard numbers.count <= 4 else { return .malformed }
        // Every part but the last is one byte; the last fills the bytes that remain.
        let last = numbers.removeLast()
        guard numbers.allSatisfy({ $0 <= 255 }), last < UInt64(1) << (8 * (4 - numbers.count)) else {
            return .malformed
        }
        let tail = (0..<(4 - numbers.count)).reversed().map { UInt8(truncatingIfNeeded: last >> (8 * $0)) }
        return .bytes(numbers.map(UInt8.init) + tail)
    }

    private enum Part {
        case value(UInt64)
        case notANumber
        case tooLarge
    }

    /// One IPv4 part: `0x` hexadecimal, a leading `0` octal, otherwise decimal. Decimal digits
    /// that are not octal make the part malformed (`08`), other characters make it no number.
    private static func number(_ part: Substring) -> Part {
        guard !part.isEmpty, part.utf8.allSatisfy({ $0 < 0x80 }) else { return .notANumber }
        var digits = part, radix = 10
        if part.count > 1, part.first == "0" {
            if part.dropFirst().first == "x" || part.dropFirst().first == "X" {
                digits = part.dropFirst(2)
                radix = 16
            } else {
                digits = part.dropFirst()
                radix = 8
            }
        }
        var value: UInt64 = 0
        var malformedOctal = false
        for character in digits {
            guard let digit = character.hexDigitValue, digit < radix else {
                if radix == 8, character.isNumber {
                    malformedOctal = true
                    continue
                }
                return .notANumber
            }
            value = value * UInt64(radix) + UInt64(digit)
            if value > UInt64(UInt32.max) { value = UInt64(UInt32.max) + 1 }  // stays "too large", never overflows
        }
        if malformedOctal { return .tooLarge }
        return value > UInt64(UInt32.max) ? .tooLarge : .value(value)
    }
}
