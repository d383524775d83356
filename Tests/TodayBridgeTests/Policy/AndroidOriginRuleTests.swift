import Testing
import TodayBridge

/// `OriginRule` against Android's own expectations (`Tests/Fixtures/android-origin-rules.json`).
@Suite("S2 origin rules agree with Android's allowedOriginRules (Chromium's OriginMatcher tests)")
struct AndroidOriginRuleTests {
    static let table = AndroidOriginRuleCases.table

    @Test("S2 a rule Android refuses is refused", arguments: table.invalid)
    func s2RefusedAsAndroidRefuses(invalid: AndroidOriginRuleCases.Invalid) {
        #expect(throws: OriginRuleError.self) { try OriginRule(invalid.rule) }
    }

    @Test("S2 a rule Android accepts parses and matches what Android matches", arguments: table.valid)
    func s2MatchesAsAndroidMatches(valid: AndroidOriginRuleCases.Valid) throws {
        let rule = try OriginRule(valid.rule)
        #expect(rule.description == valid.normalForm)
        for origin in valid.matches {
            #expect(try rule.matches(#require(SecurityOrigin(string: origin))), "\(origin)")
        }
        for origin in valid.doesNotMatch {
            #expect(SecurityOrigin(string: origin).map(rule.matches) != true, "\(origin)")
        }
    }

    @Test("S2 an IP literal in a rule is read as Chromium reads it: canonical, or refused", arguments: table.ipHosts)
    func s2IPLiterals(host ip: AndroidOriginRuleCases.IPHost) {
        let rule = try? OriginRule("http://" + ip.host)
        #expect(rule?.description == ip.canonical.map { "http://" + $0 })
    }

    @Test(
        "C8 an engine-reported origin with an IP literal is canonicalized as its rule is",
        arguments: table.ipHosts.filter { $0.canonical != nil })
    func c8IPLiteralOrigins(host ip: AndroidOriginRuleCases.IPHost) throws {
        let origin = try #require(SecurityOrigin(scheme: "https", host: ip.host, port: 8443))
        #expect(origin.description == "https://\(ip.canonical!):8443")
        #expect(try OriginRule("https://\(ip.host):8443").matches(origin))
    }

    @Test(
        "S2 where this bridge and Android differ on purpose: opaque origins are no surface's",
        arguments: table.differences)
    func s2Differences(difference: AndroidOriginRuleCases.Difference) throws {
        let rule = try OriginRule(difference.rule)
        let here = SecurityOrigin(string: difference.origin).map(rule.matches) == true ? "match" : "no-match"
        #expect(here == difference.here)
        #expect(difference.android != difference.here)
    }
}
