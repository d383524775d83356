/// The framing of one event in a segment file: length and CRC-32 (both little-endian `UInt32`),
/// then the payload. A crash mid-append leaves a record whose length or checksum does not hold,
/// and recovery cuts the file there.
enum JournalRecord {
    /// Bytes before the payload.
    static let headerSize = 8

    /// `payload` framed for appending.
    static func frame(_ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize + payload.count)
        appendLittleEndian(UInt32(payload.count), to: &bytes)
        appendLittleEndian(CRC32.checksum(payload), to: &bytes)
        bytes += payload
        return bytes
    }

    /// The whole records at the start of `bytes[start...]`: each one's offset and payload length,
    /// and where the valid part ends (the start of a torn or damaged record, or the end).
    static func scan(_ bytes: [UInt8], from start: Int) -> (records: [(offset: Int, length: Int)], validEnd: Int) {
        var records: [(offset: Int, length: Int)] = []
        var offset = start
        while bytes.count - offset >= headerSize {
            let length = Int(readLittleEndian(bytes, at: offset))
            let checksum = readLittleEndian(bytes, at: offset + 4)
            let payloadStart = offset + headerSize
            guard length <= bytes.count - payloadStart,
                CRC32.checksum(bytes[payloadStart..<payloadStart + length]) == checksum
            else { break }
            records.append((offset, length))
            offset = payloadStart + length
        }
        return (records, offset)
    }

    static func appendLittleEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    static func readLittleEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { value, index in value | UInt32(bytes[offset + index]) << UInt32(8 * index) }
    }
}
