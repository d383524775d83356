import Testing
import TodayBridge

@Suite("S2 origin rules in Android's allowedOriginRules grammar")
struct OriginRuleTests {
    @Test(
        "S2 valid rules parse to their normal form",
        arguments: [
            ("*", "*"),
            ("https://example.com", "https://example.com"),
            ("HTTPS://Example.COM", "https://example.com"),
            ("https://example.com:443", "https://example.com"),
            ("http://example.com:80", "http://example.com"),
            ("https://example.com:8443", "https://example.com:8443"),
            ("https://*.example.com", "https://*.example.com"),
            ("https://*.example.com:8443", "https://*.example.com:8443"),
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
            ("https://[::1]:8443", "https://[::1]:8443"),
            ("http://localhost", "http://localhost"),
        ])
    func s2Valid(rule: String, normalized: String) throws {
        #expect(try OriginRule(rule).description == normalized)
    }

    @Test(
        "S2 invalid rules are refused with a reason",
        arguments: [
            "", "example.com", "https://", "https://example.com/", "https://example.com/path",
            "https://example.com?q=1", "https://example.com#top", "https://user@example.com",
            "ftp://example.com", "ws://example.com", "https://a.*.example.com", "https://*example.com",
            "https://*.com", "https://*", "https://*.1.2.3.4", "https://example.com:0", "https://example.com:70000",
            "https://example.com:", "https://example.com:8a", "https://exa mple.com", "https://example..com",
            "https://-example.com", "https://[::1", "https://[zz::1]", "https://[::1]x",
        ])
    func s2Invalid(rule: String) {
        #expect(throws: OriginRuleError.self) { try OriginRule(rule) }
    }

    // Found by FuzzOriginRule (Fuzz/Corpus/FuzzOriginRule/fullwidth-hex.txt, kelvin.txt): fullwidth
    // digits passed as IPv6 hex digits, and the Kelvin sign lower-cased to an ASCII "k".
    @Test(
        "S2 rules are ASCII: non-ASCII look-alikes are refused",
        arguments: [
            "https://[::\u{FF11}]", "https://[\u{FF21}::1]", "https://\u{212A}elvin.example",
            "https://*.\u{212A}elvin.example",
        ])
    func s2NonASCII(rule: String) {
        #expect(throws: OriginRuleError.self) { try OriginRule(rule) }
    }

    // Found by FuzzOriginRule (Fuzz/Corpus/FuzzOriginRule/crash-empty-label.txt): `.example.com`
    // ends with `.example.com` but is no subdomain of it.
    @Test(
        "S2 a wildcard stands for whole, non-empty labels",
        arguments: [
            (".example.com", false), ("..example.com", false), ("a..example.com", false), (".a.example.com", false),
            ("a.example.com", true), ("a.b.example.com", true), ("aexample.com", false),
        ])
    func s2WildcardLabels(host: String, expected: Bool) throws {
        let origin = try #require(SecurityOrigin(scheme: "https", host: host, port: nil))
        #expect(try OriginRule("https://*.example.com").matches(origin) == expected)
    }

    @Test(
        "S2 file and an app's own scheme are rules without host or port, as on Android",
        arguments: [
            ("myapp://", "myapp://"), ("MyApp://", "myapp://"), ("com.example.app+x-1://", "com.example.app+x-1://"),
            ("file://", "file://"),
            (" https://example.com\t", "https://example.com"), ("\nmyapp:// ", "myapp://"),
        ])
    func s2SchemeRules(rule: String, normalized: String) throws {
        #expect(try OriginRule(rule).description == normalized)
    }

    @Test(
        "S2 rules no frame's origin could ever match are refused",
        arguments: [
            "myapp://app", "myapp://app:80", "myapp://*", "myapp:///", "myapp://?x", "file://host", "file:///",
            "file://*",
            "data://", "about://", "blob://", "javascript://", "filesystem://", "ftp://", "wss://example.com",
            "1app://", "my app://", "my_app://", "*://", "\u{212A}app://", "https:// example.com", "http://1.2.3.999",
            "http://example.08",
        ])
    func s2SchemeRulesRefused(rule: String) {
        #expect(throws: OriginRuleError.self) { try OriginRule(rule) }
    }

    @Test(
        "S2 an app's scheme rule matches every page of that scheme; file:// matches host-less files",
        arguments: [
            ("myapp://", "myapp://app/index.html", true), ("myapp://", "myapp://other:99/x", true),
            ("myapp://", "otherapp://app/index.html", false), ("myapp://", "https://app/index.html", false),
            ("file://", "file:///sdcard/index.html", true), ("file://", "file://share/x", false),
            ("file://", "https://localhost/", false),
            ("*", "myapp://app/", true), ("*", "file:///x", true),
            ("http://127.1", "http://127.0.0.1", true), ("http://0x7f.0.0.1:8080", "http://127.0.0.1:8080", true),
            ("https://[3ffe:2a00:100:7031:0:0::1]", "https://[3ffe:2a00:100:7031::1]", true),
            ("https://[::ffff:127.0.0.1]", "https://[::ffff:7f00:1]", true),
        ])
    func s2SchemeMatching(rule: String, origin: String, expected: Bool) throws {
        let origin = try #require(SecurityOrigin(string: origin))
        #expect(try OriginRule(rule).matches(origin) == expected)
    }

    @Test(
        "S2 the error names the rule as written and says what is wrong",
        arguments: [
            (
                "myapp://app",
                #"invalid origin rule "myapp://app": a rule for the myapp scheme is just "myapp://": no host, port or path"#
            ),
            (
                "http://1.2.3.999",
                #"invalid origin rule "http://1.2.3.999": the host ends in a number but is no IPv4 address"#
            ),
            ("data://", #"invalid origin rule "data://": data: documents have an opaque origin, which no rule names"#),
            (
                " ftp://x ",
                #"invalid origin rule " ftp://x ": no page is served over ftp: the scheme must be http, https, file or an app's own"#
            ),
        ])
    func s2SchemeErrorText(rule: String, text: String) {
        #expect {
            try OriginRule(rule)
        } throws: { error in
            "\(error)" == text
        }
    }

    @Test("S2 the error names the rule and says what is wrong")
    func s2ErrorText() {
        #expect {
            try OriginRule("https://a.*.example.com")
        } throws: { error in
            "\(error)"
                == #"invalid origin rule "https://a.*.example.com": a wildcard may only be the whole first label, as in "*.example.com""#
        }
    }

    @Test(
        "S2 matching: scheme, host and port must all agree",
        arguments: [
            ("https://example.com", "https://example.com", true),
            ("https://example.com", "https://EXAMPLE.com:443/path?q", true),
            ("https://example.com", "http://example.com", false),
            ("https://example.com", "https://example.com:8443", false),
            ("https://example.com:8443", "https://example.com:8443", true),
            ("https://example.com", "https://www.example.com", false),
            ("https://example.com", "https://example.com.evil.test", false),
            ("https://*.example.com", "https://a.example.com", true),
            ("https://*.example.com", "https://a.b.example.com", true),
            ("https://*.example.com", "https://example.com", false),
            ("https://*.example.com", "https://evilexample.com", false),
            ("https://*.example.com", "http://a.example.com", false),
            ("https://*.example.com", "https://a.example.com:8443", false),
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080", true),
            ("http://127.0.0.1:8080", "http://127.0.0.1:8081", false),
            ("https://[::1]:8443", "https://[::1]:8443", true),
            ("*", "http://anything.test:1234", true),
        ])
    func s2Matching(rule: String, origin: String, expected: Bool) throws {
        let origin = try #require(SecurityOrigin(string: origin))
        #expect(try OriginRule(rule).matches(origin) == expected)
    }
}

@Suite("S2 security origins as the engine reports them")
struct SecurityOriginTests {
    @Test(
        "S2 an origin is read from a URL, normalized",
        arguments: [
            ("https://Example.com:443/path?x#y", "https://example.com"),
            ("http://127.0.0.1:8080/", "http://127.0.0.1:8080"),
            ("http://[::1]:9000/", "http://[::1]:9000"),
            ("https://example.com:8443", "https://example.com:8443"),
        ])
    func s2Parsing(url: String, origin: String) {
        #expect(SecurityOrigin(string: url)?.description == origin)
    }

    // Found by FuzzOriginRule (Fuzz/Corpus/FuzzOriginRule/crash-idn-host.txt): the host was read
    // through URLComponents, which decodes punycode, so no rule could match an IDN page.
    @Test("C8 an IDN host keeps its ASCII form, which its rule matches")
    func c8InternationalHost() throws {
        let origin = try #require(SecurityOrigin(string: "https://xn--bcher-kva.example/app"))
        #expect(origin.host == "xn--bcher-kva.example")
        #expect(try OriginRule("https://xn--bcher-kva.example").matches(origin))
        #expect(
            try OriginRule("https://*.xn--bcher-kva.example").matches(
                #require(SecurityOrigin(string: "https://www.xn--bcher-kva.example"))))
    }

    // Found by FuzzOriginRule (Fuzz/Corpus/FuzzOriginRule/crash-nested-brackets.txt): one pair of
    // brackets was stripped per normalization, so normalizing twice gave another origin.
    @Test("C8 a host with stray brackets is no origin", arguments: ["[[::1]]", "[::1]]", "a]b", "[x"])
    func c8StrayBrackets(host: String) {
        #expect(SecurityOrigin(scheme: "https", host: host, port: nil) == nil)
    }

    @Test(
        "S2 opaque origins and host-less web URLs have no origin",
        arguments: [
            "about:blank", "about:srcdoc", "data:text/html,hi", "blob:https://a.test/0530b9d1", "blob:null/0530b9d1",
            "javascript:void(0)",
            "filesystem:https://a.test/temporary/x", "null", "https:///path", "not a url", "",
        ])
    func s2Opaque(url: String) {
        #expect(SecurityOrigin(string: url) == nil)
    }

    @Test(
        "C8 an IP address is canonicalized as engines report it",
        arguments: [
            ("http://127.1/", "http://127.0.0.1"),
            ("http://0x7f.0.0.1:8080/x", "http://127.0.0.1:8080"),
            ("http://0177.0.0.1/", "http://127.0.0.1"),
            ("http://2130706433/", "http://127.0.0.1"),
            ("https://[3ffe:2a00:100:7031:0:0::1]/", "https://[3ffe:2a00:100:7031::1]"),
            ("https://[3FFE:2A00:100:7031::1]:8443", "https://[3ffe:2a00:100:7031::1]:8443"),
            ("https://[0000:0000:0000:0000:0000:0000:0000:0001]/", "https://[::1]"),
            ("https://[::FFFF:192.168.0.1]/", "https://[::ffff:c0a8:1]"),
        ])
    func c8CanonicalIP(url: String, origin: String) {
        #expect(SecurityOrigin(string: url)?.description == origin)
    }

    @Test(
        "C8 a host that ends in a number but is no IP address is no origin",
        arguments: [
            "http://999.1.1.1/", "http://1.2.3.4.5/", "http://example.08/", "https://[1.2.3.4]/",
        ])
    func c8BrokenIP(url: String) {
        #expect(SecurityOrigin(string: url) == nil)
    }

    @Test(
        "C8 an app's own scheme has one origin, host and port dropped, as Android WebView reports it",
        arguments: [
            "myapp://app/index.html", "myapp://other.host:99/x?y", "MYAPP://APP/", "myapp:path-only", "myapp://",
        ])
    func c8AppSchemeOrigin(url: String) {
        #expect(SecurityOrigin(string: url)?.description == "myapp://")
    }

    @Test(
        "C8 a file URL's origin is file:// with the URL's host, usually none",
        arguments: [
            ("file:///sdcard/index.html", "file://"), ("file://localhost/x", "file://"),
            ("file://share/x", "file://share"),
        ])
    func c8FileOrigin(url: String, origin: String) {
        #expect(SecurityOrigin(string: url)?.description == origin)
    }

    @Test("S3 only https is secure")
    func s3Secure() {
        #expect(SecurityOrigin(string: "https://a.test")?.isSecure == true)
        #expect(SecurityOrigin(string: "http://a.test")?.isSecure == false)
    }
}
