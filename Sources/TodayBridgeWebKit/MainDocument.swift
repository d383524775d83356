#if canImport(WebKit)
import Foundation

/// The main-frame document a web view's connection speaks for, as its relay and WebKit told it:
/// the relay's token (S4), and the document's URL as WebKit last reported it for a main-frame
/// message (C8: `WKFrameInfo.request`, `pushState` included), which a sub-frame's message is
/// judged by. Never the view's URL, which is the next page's while a navigation is pending.
struct MainDocument {
    /// The token of the document the relay last announced; `nil` before the first.
    private(set) var token: Substring?
    /// Its URL, as WebKit last reported it.
    private(set) var url: URL?
    /// Whether the web content process ended since the last document was announced, as reported.
    private(set) var processEnded = false

    /// A document began or came back from the back-forward cache, at `url`.
    mutating func announce(token: Substring, url: URL?) {
        self.token = token
        self.url = url
        processEnded = false
    }

    /// The web content process ended: no document is shown until the next is announced, and no
    /// relayed message speaks for one. Returns whether this is news: not when the end was already
    /// reported since the last document was announced.
    mutating func endProcess() -> Bool {
        guard !processEnded else { return false }
        processEnded = true
        token = nil
        return true
    }

    /// Whether `token` names this document. Another names a document the main frame does not show.
    func isAnnounced(_ token: Substring) -> Bool { self.token == token }

    /// WebKit reported the document's URL again: it moved within the document (`pushState`).
    mutating func moved(to url: URL?) {
        self.url = url
    }
}
#endif
