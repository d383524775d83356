import FuzzSupport
@_spi(Adapters) import TodayBridge

// A WebKit relay's text (C8, X7; WebKitGTK's and WKWebView's), which a page can forge by
// dispatching the relay's event: any bytes. Reading them never traps; what is read is what a relay
// writes, and nothing else: a token of digits, the relay's origin and URL on lines of their own
// (WebKitGTK's), then the JSON text (the rest, unread), a length that is a number, nothing, or a
// notice.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRelayedText(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    bytes.withUnsafeBytes { text in
        guard let read = RelayedText(text) else { return }
        Fuzz.check(
            !read.token.isEmpty && read.token.allSatisfy(\.isASCII) && read.token.allSatisfy(\.isNumber),
            "C8: a token that is not digits")
        if let facts = read.facts {
            Fuzz.check(!facts.origin.contains("\n") && !facts.url.contains("\n"), "C8: a fact spans lines")
        }
        switch read.request {
        case .json(let json):
            Fuzz.check(
                json.count < text.count && Array(json) == Array(text.suffix(json.count)),
                "the JSON text is not the rest of the bytes")
        case .tooLong(let length):
            Fuzz.check(
                length.isFinite && length >= 0 && length == length.rounded(),
                "X7: a length that is no string's: \(length)")
        case .undefined:
            break
        case .began:
            Fuzz.check(text.last == UInt8(ascii: "^"), "S4: a notice with more after its mark")
        case .restored:
            Fuzz.check(text.last == UInt8(ascii: "~"), "S4: a notice with more after its mark")
        }
    }
    return 0
}

Fuzz.main(fuzzRelayedText)
