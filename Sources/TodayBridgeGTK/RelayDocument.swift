#if os(Linux)
import Foundation
import TodayBridge

/// The main document the relay speaks for (C8, S4): its relay's token and what its relay said of
/// it, its origin and URL, read in the relay's world where the page cannot tamper with them.
struct RelayDocument {
    let token: String
    private(set) var origin: SecurityOrigin?
    private(set) var url: URL?

    init(token: String, facts: (origin: String, url: String)) {
        self.token = token
        update(facts)
    }

    /// What the relay said since: the same document's URL after `pushState`.
    mutating func update(_ facts: (origin: String, url: String)) {
        origin = SecurityOrigin(string: facts.origin)
        url = URL(string: facts.url)
    }
}
#endif
