/// The format version a segment file carries, so that a later version of the sink can read an
/// older journal or refuse one it does not know (rather than take it for damage and cut it).
///
/// A segment begins with `TBPQ` and the version (a little-endian `UInt32`), written with its first
/// records; 0.1's segments have no header (format 1: the same records from byte 0).
enum JournalSegmentFormat: Equatable {
    /// 0.1's headerless segments: records from byte 0.
    case headerless
    /// This version's: records after the header.
    case current
    /// A format this version does not know (a later one).
    case unsupported(version: UInt32)
    /// A header cut short by a crash: the segment holds nothing yet.
    case tornHeader

    /// The version this sink writes.
    static let version: UInt32 = 2
    private static let magic = Array("TBPQ".utf8)

    /// The header a new segment starts with.
    static var header: [UInt8] {
        var bytes = magic
        JournalRecord.appendLittleEndian(version, to: &bytes)
        return bytes
    }

    /// The format of a segment whose bytes are `bytes`; an empty one is this version's.
    init(of bytes: [UInt8]) {
        let prefix = Array(bytes.prefix(Self.magic.count))
        if bytes.isEmpty {
            self = .current
        } else if bytes.count < Self.header.count, prefix == Array(Self.magic.prefix(prefix.count)) {
            self = .tornHeader
        } else if prefix != Self.magic {
            self = .headerless
        } else {
            let version = JournalRecord.readLittleEndian(bytes, at: Self.magic.count)
            self = version == Self.version ? .current : .unsupported(version: version)
        }
    }

    /// Where the records begin.
    var recordsStart: Int {
        self == .headerless ? 0 : Self.header.count
    }
}
