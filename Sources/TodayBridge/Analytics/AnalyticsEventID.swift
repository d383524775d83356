/// Event ids: random UUIDs (version 4), lowercase, from the system's secure generator.
///
/// Foundation's `UUID().uuidString` costs about 8 µs on Linux; this is the same format for a
/// fraction of it.
enum AnalyticsEventID {
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        var high = generator.next() as UInt64, low = generator.next() as UInt64
        high = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000  // version 4
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // RFC 4122 variant
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var index = 0
            func write(_ value: UInt64, nibbles: Int) {
                for shift in stride(from: (nibbles - 1) * 4, through: 0, by: -4) {
                    let nibble = UInt8((value >> UInt64(shift)) & 0xF)
                    buffer[index] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
                    index += 1
                }
            }
            func dash() {
                buffer[index] = 0x2D
                index += 1
            }
            write(high >> 32, nibbles: 8); dash()
            write(high >> 16, nibbles: 4); dash()
            write(high, nibbles: 4); dash()
            write(low >> 48, nibbles: 4); dash()
            write(low, nibbles: 12)
            return 36
        }
    }
}
