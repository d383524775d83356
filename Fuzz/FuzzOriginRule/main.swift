import FuzzSupport
import TodayBridge

// Origin rules (S2) and security origins (C8). The input is up to three lines: a rule, an origin
// or URL string, and a raw host (hosts the URL parser would refuse still reach the matcher).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOriginRule(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let lines = Fuzz.text(start, count).split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(
        String.init)
    let ruleText = lines[0]
    var origins: [SecurityOrigin] = []
    if lines.count > 1, let origin = SecurityOrigin(string: lines[1]) { origins.append(origin) }
    if lines.count > 2 {
        for scheme in ["https", "http"] {
            if let origin = SecurityOrigin(scheme: scheme, host: lines[2], port: nil) { origins.append(origin) }
        }
    }
    for origin in origins {
        let again = SecurityOrigin(scheme: origin.scheme, host: origin.host, port: origin.port)
        Fuzz.check(again == origin, "C8: normalizing \(origin) again changed it")
    }
    guard let rule = try? OriginRule(ruleText) else { return 0 }
    Fuzz.check(ruleText.utf8.allSatisfy { $0 < 0x80 }, "S2: a rule with non-ASCII text was accepted: \(rule)")
    checkNormalForm(rule)
    checkOwnOrigin(rule, text: ruleText)
    for origin in origins {
        let expected = Reference(rule).matches(origin)
        Fuzz.check(
            rule.matches(origin) == expected,
            "S2: \(rule) matches \(origin): \(rule.matches(origin)), expected \(expected)")
    }
    return 0
}

/// A rule's normal form is ASCII, parses, and names the same rule.
private func checkNormalForm(_ rule: OriginRule) {
    let text = rule.description
    Fuzz.check(text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "S2: the normal form \(text) is not printable ASCII")
    guard let again = try? OriginRule(text) else {
        Fuzz.check(false, "S2: the normal form \(text) does not parse")
        return
    }
    Fuzz.check(again == rule && again.description == text, "S2: the normal form \(text) is not stable")
}

/// A rule matches the origin it was written from; a wildcard matches a subdomain, not the domain.
private func checkOwnOrigin(_ rule: OriginRule, text: String) {
    let normal = rule.description
    guard normal != "*" else { return }
    if normal.contains("://*.") {
        if let subdomain = SecurityOrigin(string: normal.replacingOccurrences(of: "://*.", with: "://a.")) {
            Fuzz.check(rule.matches(subdomain), "S2: \(rule) does not match its subdomain \(subdomain)")
        }
        if let domain = SecurityOrigin(string: normal.replacingOccurrences(of: "://*.", with: "://")) {
            Fuzz.check(!rule.matches(domain), "S2: \(rule) matches its bare domain \(domain)")
        }
    } else {
        for written in [normal, text] {
            if let origin = SecurityOrigin(string: written) {
                Fuzz.check(
                    rule.matches(origin), "S2: \(rule) does not match its own origin \(origin) (from \(written))")
            }
        }
    }
}

/// The matching rule written out on bytes, from the rule's normal form.
private struct Reference {
    let any: Bool
    let scheme: String
    let host: String
    let port: Int?

    init(_ rule: OriginRule) {
        let text = rule.description
        any = text == "*"
        guard !any, let separator = text.range(of: "://") else {
            (scheme, host, port) = ("", "", nil)
            return
        }
        scheme = String(text[..<separator.lowerBound])
        var authority = Substring(text[separator.upperBound...])
        var port: Int?
        let hostEnd =
            authority.hasPrefix("[")
            ? authority.firstIndex(of: "]").map(authority.index(after:)) : authority.firstIndex(of: ":")
        if let hostEnd, hostEnd < authority.endIndex {
            port = Int(authority[authority.index(after: hostEnd)...])
            authority = authority[..<hostEnd]
        }
        self.port = port
        host = authority.hasPrefix("[") ? String(authority.dropFirst().dropLast()) : String(authority)
    }

    func matches(_ origin: SecurityOrigin) -> Bool {
        if any { return true }
        guard origin.scheme == scheme, origin.port == port else { return false }
        let candidate = Array(origin.host.utf8)
        if host.hasPrefix("*.") {
            let suffix = Array(host.utf8.dropFirst())  // ".example.com"
            guard candidate.count > suffix.count, Array(candidate.suffix(suffix.count)) == suffix else { return false }
            // The wildcard stands for whole, non-empty labels.
            return !candidate.dropLast(suffix.count).split(
                separator: UInt8(ascii: "."), omittingEmptySubsequences: false
            ).contains { $0.isEmpty }
        }
        return candidate == Array(host.utf8)
    }
}

// Last: top-level code runs in order, and this call never returns.
Fuzz.main(fuzzOriginRule)
