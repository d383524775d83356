#if os(Linux)
/// The last text parsed and what it gave: successive messages of a page repeat the same origin
/// and URL, which are then parsed once.
struct LastParsed<Value> {
    private var text: String?
    /// What the last text parsed to.
    private(set) var value: Value?

    /// `text` parsed, or the value parsed from it last time.
    mutating func value(for text: String?, parse: (String) -> Value?) -> Value? {
        guard let text else { return nil }
        if text != self.text {
            self.text = text
            value = parse(text)
        }
        return value
    }
}
#endif
