/// How the URLs of a scheme name their origin (S2, C8), as Android WebView's URL layer has it.
enum OriginScheme: Equatable {
    /// `http`, `https` (and `ws`, `wss`, `ftp`, which no document is served over): a host is
    /// required, a port optional.
    case network
    /// `file`: a host is optional (usually absent), never a port.
    case file
    /// `about`, `blob`, `data`, `javascript`, `filesystem`: the document's origin is opaque or
    /// borrowed from the page that made it, so the URL names none.
    case opaque
    /// Any other scheme, such as an app's own `myapp`: like Android WebView (which discards the
    /// host and port of non-standard schemes, Chromium's `url/scheme_host_port.cc`), every URL of
    /// the scheme has the one origin `myapp://`.
    case app

    /// The kind of a lower-case scheme; `nil` when it is no scheme at all.
    init?(_ scheme: String) {
        // RFC 3986: a letter, then letters, digits, `+`, `-` and `.`; ASCII only.
        guard let first = scheme.utf8.first, Self.isLetter(first),
            scheme.utf8.allSatisfy({ Self.isLetter($0) || (0x30...0x39).contains($0) || "+-.".utf8.contains($0) })
        else { return nil }
        switch scheme {
        case "http", "https", "ws", "wss", "ftp": self = .network
        case "file": self = .file
        case "about", "blob", "data", "javascript", "filesystem": self = .opaque
        default: self = .app
        }
    }

    /// The port a scheme's URLs use when they name none.
    static func defaultPort(of scheme: String) -> Int? {
        switch scheme {
        case "http", "ws": 80
        case "https", "wss": 443
        case "ftp": 21
        default: nil
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
