/// Finds, eight bytes at a time, where a run of plain string content ends in JSON text: at a
/// quote, a backslash, a control character or 0xE2, which starts U+2028 and U+2029 (and other
/// characters, which then take the byte-by-byte path harmlessly). The parser skips such runs in its
/// string fast path; the serializer checks a string with it before copying it whole. A megabyte of
/// plain text is crossed in a fraction of a millisecond.
enum JSONPlainBytes {
    /// How many bytes from `start` are plain, counted in whole eight-byte words: the run ends at
    /// the first word holding a byte ``isSpecial(_:)`` finds, or before the last, partial word.
    static func plainWords(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        /// Whether a byte of `word` is zero.
        func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
        let raw = UnsafeRawBufferPointer(bytes)
        var index = start
        while index + 8 <= raw.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            // A byte below 0x20 (none of 0x80 and above counts), or one equal to any of the three.
            let control = (word &- 0x2020_2020_2020_2020) & ~word & highs != 0
            if control || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
                || hasZero(word ^ (ones &* 0xE2))
            {
                break
            }
            index += 8
        }
        return index - start
    }

    /// A byte that ends a plain run.
    static func isSpecial(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
    }

    /// Whether `bytes` hold a byte that may need escaping in a JSON string.
    static func mayNeedEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes[plainWords(bytes, from: 0)...].contains(where: isSpecial)
    }
}
