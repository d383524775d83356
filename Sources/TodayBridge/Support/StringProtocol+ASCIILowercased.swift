extension StringProtocol {
    /// Lower-cased in ASCII only: `K` becomes `k`, the Kelvin sign stays what it is.
    var asciiLowercased: String {
        String(decoding: utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
