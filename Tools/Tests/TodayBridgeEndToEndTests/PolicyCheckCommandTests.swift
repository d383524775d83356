import Foundation
import Testing
import TodayBridge

/// `today-bridge policy check`, the command a developer asks about a rule, run as a process against
/// Android's own expectations (`Tests/Fixtures/android-origin-rules.json`, from Chromium's
/// `OriginMatcher` and URL canonicalizer tests; `AndroidOriginRuleTests` holds the core to them).
@Suite("S2 today-bridge policy check agrees with Android's allowedOriginRules matcher")
struct PolicyCheckCommandTests {
    /// One rule and what the command must print for it.
    struct Case: Sendable, CustomTestStringConvertible {
        var rule: String
        /// `nil`: Android refuses the rule, so the command must exit 2.
        var expected: [(origin: String, verdict: String)]?
        var testDescription: String { "\"\(rule)\"" + (expected.map { " \($0.count) origins" } ?? " refused") }
    }

    static let table: JSONValue = {
        let file = EndToEndHost.packageRoot.appendingPathComponent("Tests/Fixtures/android-origin-rules.json")
        // A missing or broken table is a broken checkout: fail loudly.
        return try! JSONValue(parsing: String(contentsOf: file, encoding: .utf8))
    }()

    static func entries(_ key: String) -> [JSONValue] { table[key]?.arrayValue ?? [] }
    static func strings(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }

    /// The rules Android accepts, with the origins it matches and does not match, and the IP
    /// literals it reads: as a rule `http://HOST` matches the canonical address an engine reports.
    static let accepted: [Case] =
        entries("valid").map { valid in
            Case(
                rule: valid["rule"]?.stringValue ?? "",
                expected: strings(valid["matches"]).map { ($0, "match") }
                    + strings(valid["doesNotMatch"]).map { ($0, "no-match") }
            )
        }
        + entries("ipHosts").compactMap { ip in
            guard let host = ip["host"]?.stringValue, let canonical = ip["canonical"]?.stringValue else { return nil }
            return Case(
                rule: "http://" + host,
                expected: [
                    ("http://" + canonical, "match"), ("https://" + canonical, "no-match"),
                    ("http://" + canonical + ":8080", "no-match"),
                ])
        }

    /// The rules Android refuses, IP literals no URL parser reads included.
    static let refused: [Case] =
        entries("invalid").compactMap { $0["rule"]?.stringValue }.map { Case(rule: $0, expected: nil) }
        + entries("ipHosts").filter { $0["canonical"] == .null }.compactMap { $0["host"]?.stringValue }.map {
            Case(rule: "http://" + $0, expected: nil)
        }

    static func check(_ rule: String, _ origins: [String]) async throws -> EndToEndHost.Run {
        try await EndToEndHost.run(["policy", "check", "--", rule] + origins)
    }

    @Test(
        "S2 policy check accepts every rule Android accepts (IPv6 forms, IPv4 forms, file://, an app's scheme) and matches what Android matches",
        arguments: accepted)
    func s2Accepted(case: Case) async throws {
        let expected = try #require(`case`.expected)
        let run = try await Self.check(`case`.rule, expected.map(\.origin))
        #expect(run.exitCode == (expected.contains { $0.verdict == "match" } ? 0 : 1), "\(run.errors)")
        #expect(run.output == expected.map { "\($0.verdict) \($0.origin)" })
    }

    @Test("S2 policy check refuses every rule Android refuses, exit 2", arguments: refused)
    func s2Refused(case: Case) async throws {
        let run = try await Self.check(`case`.rule, ["https://example.com"])
        #expect(run.exitCode == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("invalid rule: "), "\(run.errors)")
    }

    @Test("S2 policy check: * matches no opaque origin (about:blank, data:, blob:), where Android's * matches them")
    func s2StarAndOpaqueOrigins() async throws {
        let differences = Self.entries("differences")
        #expect(!differences.isEmpty)
        for difference in differences {
            let (rule, origin) = try (
                #require(difference["rule"]?.stringValue), #require(difference["origin"]?.stringValue)
            )
            let run = try await Self.check(rule, [origin])
            #expect(run.output == ["\(try #require(difference["here"]?.stringValue)) \(origin)"])
            #expect(difference["android"] != difference["here"])
        }
    }

    @Test("S2 policy check exits 1 when no origin matches, 0 when one does, and 0 for a valid rule given no origin")
    func s2ExitStatus() async throws {
        let none = try await Self.check("https://*.example.com", ["https://example.com", "http://a.example.com"])
        #expect(none.exitCode == 1)
        #expect(none.output == ["no-match https://example.com", "no-match http://a.example.com"])
        let one = try await Self.check("https://*.example.com", ["https://example.com", "https://a.example.com"])
        #expect(one.exitCode == 0)
        #expect(try await Self.check("https://*.example.com", []).exitCode == 0)
    }

    @Test("S2 policy check --json: one object with each origin's verdict and serialization, the same exit status")
    func s2JSON() async throws {
        let run = try await EndToEndHost.run([
            "policy", "check", "--json", "https://*.example.com", "https://A.Example.com/page", "not an origin",
            "https://example.com",
        ])
        #expect(run.exitCode == 0, "\(run.errors)")
        #expect(run.output.count == 1)
        let object = try JSONValue(parsing: run.output.joined())
        #expect(object["rule"] == "https://*.example.com")
        #expect(object["matched"] == 1)
        let origins = try #require(object["origins"]?.arrayValue)
        #expect(
            origins.map { $0["origin"]?.stringValue } == [
                "https://A.Example.com/page", "not an origin", "https://example.com",
            ])
        #expect(origins.map { $0["match"] } == [true, false, false])
        #expect(origins.map { $0["serialized"] } == ["https://a.example.com", .null, "https://example.com"])

        let none = try await EndToEndHost.run([
            "policy", "check", "--json", "https://*.example.com", "https://example.com",
        ])
        #expect(none.exitCode == 1)
        #expect(try JSONValue(parsing: none.output.joined())["matched"] == 0)
        let invalid = try await EndToEndHost.run(["policy", "check", "--json", "https://*", "https://example.com"])
        #expect(invalid.exitCode == 2)
        #expect(invalid.output.isEmpty)
        #expect(invalid.errors.hasPrefix("invalid rule: "), "\(invalid.errors)")
    }

    @Test("S2 the cases were read: IPv6 forms, custom schemes and file:// are among them")
    func s2TableRead() {
        let rules = Self.accepted.map(\.rule)
        #expect(Self.accepted.count >= 40 && Self.refused.count >= 60)
        #expect(
            rules.contains("https://[3ffe:2a00:100:7031:0:0::1]") && rules.contains("http://[::ffff:0xC0.0Xa8.0x0.0x1]")
        )
        #expect(rules.contains("x-mail://") && rules.contains("file://") && rules.contains("http://192.168.1"))
    }
}
