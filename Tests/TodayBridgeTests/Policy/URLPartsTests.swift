import Foundation
import Testing
@_spi(Tools) @testable import TodayBridge

/// The bridge reads origins and paths from a URL's text itself: Foundation's `URL` reads hosts
/// differently on iOS 15-16 and macOS 12-13 (RFC 1738/1808) than on later systems and Linux
/// (RFC 3986), and which page is trusted must not depend on the OS version.
@Suite("C8 S2 URLs are read alike on every platform")
struct URLPartsTests {
    @Test(
        "C8 S2 the origin and path of a URL, whatever Foundation's URL would make of its host",
        arguments: [
            ("https://user:secret@Example.com:8443/app/x?q=1#top", "https://example.com:8443", "/app/x"),
            ("https://a.test:/x", "https://a.test", "/x"),
            ("https://a.test?q", "https://a.test", "/"),
            ("https://a.test#f", "https://a.test", "/"),
            ("http://[::1]:9000/a%2Fb/c", "http://[::1]:9000", "/a%2Fb/c"),
            ("https://xn--bcher-kva.example/app", "https://xn--bcher-kva.example", "/app"),
            ("myapp://Some.Host:99/index.html?x", "myapp://", "/index.html"),
            ("file:///sdcard/index.html", "file://", "/sdcard/index.html"),
        ])
    func readsOriginAndPath(url: String, origin: String, path: String) throws {
        let parsed = try #require(URL(string: url))
        let location = try #require(PageLocation(url: parsed))
        #expect(location.origin.description == origin)
        #expect(location.path == path)
        #expect(SecurityOrigin(string: url)?.description == origin)
    }

    @Test(
        "C8 S2 a host no canonical URL has is no origin, where one Foundation or another would read one",
        arguments: [
            "https://ex%61mple.com/",  // RFC 1808's URL.host decodes it to example.com
            "https://exa mple.com/",  // RFC 3986's URL(string:) percent-encodes it
            "https://bücher.example/",  // a canonical URL has the IDN's ASCII form
            "https://a.test:99999/", "https://a.test:8x/", "https://a.test:0/", "https://[::1/", "https://a^b.test/",
            "https://a|b.test/",
        ])
    func refusesNonCanonicalHosts(url: String) {
        #expect(SecurityOrigin(string: url) == nil)
    }

    @Test("C8 an app's scheme keeps the URL's host in the page it reports, not in its origin")
    func appSchemeReportsItsHost() throws {
        let url = try #require(URL(string: "myapp://Home/feed?secret=1"))
        let location = try #require(PageLocation(url: url))
        #expect(location.origin.description == "myapp://")
        #expect(location.redacted == "myapp://Home/feed")
    }
}
