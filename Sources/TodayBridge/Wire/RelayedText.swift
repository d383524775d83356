/// What a WebKit relay posts for one request (WebKitGTK's, where its web process extension did not
/// load; WKWebView's, always), read from its UTF-8 bytes (`relayedText` in
/// `web/host/relay/document-relay.ts`): the document's token (digits), the relay's origin and
/// URL when it tells them and they are new to the host (`@origin\nURL\n`; WebKitGTK's relay only),
/// then the request: `:` and JSON text, `#` and the length of a text too long to carry, or nothing
/// for `undefined`; or a notice: `^` the document began, `~` it came back from the back-forward
/// cache. A page can forge any of it but the token of a document it cannot reach.
@_spi(Adapters) public struct RelayedText {
    @_spi(Adapters) public enum Request {
        case json(UnsafeRawBufferPointer)
        case tooLong(javaScriptLength: Double)
        case undefined
        /// Not a request: the relay's document began (`^`).
        case began
        /// Not a request: the relay's document came back from the back-forward cache (`~`).
        case restored

        /// Whether this is a notice, not a request.
        @_spi(Adapters) public var isNotice: Bool {
            switch self {
            case .began, .restored: true
            case .json, .tooLong, .undefined: false
            }
        }
    }

    /// The relay's document: a random number, the same in all of one document's requests.
    @_spi(Adapters) public let token: Substring
    /// `self.origin` and `location.href` in the relay's world, when sent.
    @_spi(Adapters) public let facts: (origin: String, url: String)?
    @_spi(Adapters) public let request: Request

    /// Reads `text`; `nil` for anything the relay does not write.
    @_spi(Adapters) public init?(_ text: UnsafeRawBufferPointer) {
        var rest = text[...]
        let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !digits.isEmpty else { return nil }
        token = Substring(decoding: UnsafeRawBufferPointer(rebasing: digits), as: UTF8.self)
        rest = rest.dropFirst(digits.count)
        if rest.first == UInt8(ascii: "@") {
            let lines = rest.dropFirst().split(
                separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
            guard lines.count == 3 else { return nil }
            facts = (String(decoding: lines[0], as: UTF8.self), String(decoding: lines[1], as: UTF8.self))
            rest = lines[2]
        } else {
            facts = nil
        }
        guard let request = Self.request(rest) else { return nil }
        self.request = request
    }

    /// A request without its token, as a WKWebView sub-frame's channel posts it to WebKit's own
    /// handler (`webkit/frame-channel.ts`): `:` and JSON text, `#` and a length, or nothing for
    /// `undefined`; `nil` for anything else, a notice included.
    @_spi(Adapters) public static func request(_ text: UnsafeRawBufferPointer) -> Request? {
        guard let request = request(text[...]), !request.isNotice else { return nil }
        return request
    }

    private static func request(_ rest: Slice<UnsafeRawBufferPointer>) -> Request? {
        switch rest.first {
        case nil: return .undefined
        case UInt8(ascii: ":"): return .json(UnsafeRawBufferPointer(rebasing: rest.dropFirst()))
        case UInt8(ascii: "^") where rest.count == 1: return .began
        case UInt8(ascii: "~") where rest.count == 1: return .restored
        case UInt8(ascii: "#"):
            // The relay writes a string's length: 1 to 15 digits, never `nan`, `inf` or `1e9`.
            let digits = rest.dropFirst()
            guard (1...15).contains(digits.count),
                digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let length = Double(String(decoding: digits, as: UTF8.self))
            else { return nil }
            return .tooLong(javaScriptLength: length)
        default: return nil
        }
    }
}
