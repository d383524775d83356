/// A place in the journal: a segment file and a byte offset in it.
struct JournalPosition: Hashable, Comparable {
    var segment: UInt64
    var offset: UInt64

    static func < (lhs: JournalPosition, rhs: JournalPosition) -> Bool {
        (lhs.segment, lhs.offset) < (rhs.segment, rhs.offset)
    }

    /// The 20 bytes of the cursor file: segment, offset (little-endian `UInt64`s), CRC-32.
    var cursorBytes: [UInt8] {
        var bytes: [UInt8] = []
        for value in [segment, offset] {
            JournalRecord.appendLittleEndian(UInt32(truncatingIfNeeded: value), to: &bytes)
            JournalRecord.appendLittleEndian(UInt32(truncatingIfNeeded: value >> 32), to: &bytes)
        }
        JournalRecord.appendLittleEndian(CRC32.checksum(bytes), to: &bytes)
        return bytes
    }

    /// Reads a cursor file's bytes; `nil` when they are damaged.
    init?(cursorBytes bytes: [UInt8]) {
        guard bytes.count == 20, CRC32.checksum(bytes.prefix(16)) == JournalRecord.readLittleEndian(bytes, at: 16)
        else { return nil }
        func word(_ at: Int) -> UInt64 {
            UInt64(JournalRecord.readLittleEndian(bytes, at: at)) | UInt64(
                JournalRecord.readLittleEndian(bytes, at: at + 4)) << 32
        }
        self.init(segment: word(0), offset: word(8))
    }

    init(segment: UInt64, offset: UInt64) {
        self.segment = segment
        self.offset = offset
    }
}
