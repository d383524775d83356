import ArgumentParser
import TodayBridge

/// `today-bridge policy`: checks trusted-surface configuration (S2).
struct PolicyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy",
        abstract: "Check trusted-surface origin rules.",
        subcommands: [Check.self]
    )

    /// `today-bridge policy check RULE ORIGIN...`: exits as `grep` does, 0 when an origin matched,
    /// 1 when none did, 2 on an invalid rule.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print `match ORIGIN` or `no-match ORIGIN` for each origin.",
            discussion: """
                Exits 0 when at least one origin matches (or, given no origin, when the rule is valid), \
                1 when none matches, 2 on an invalid rule (`invalid rule: REASON` on standard error). \
                With --json, prints one JSON object instead: {"rule": RULE, "matched": N, "origins": \
                [{"origin": ORIGIN, "match": true|false, "serialized": the origin as an engine reports \
                it, or null when ORIGIN has none}]}.
                """
        )

        @Argument(help: "An origin rule, in the grammar of Android's allowedOriginRules.")
        var rule: String

        @Argument(help: "Origins (or URLs) to test against the rule.")
        var origins: [String] = []

        @Flag(help: "Print the verdicts as one JSON object.")
        var json = false

        /// Checks the rule before anything is printed: an invalid one exits 2.
        func validate() throws {
            _ = try Self.originRule(rule)
        }

        func run() throws {
            let originRule = try Self.originRule(rule)
            let verdicts = origins.map { origin in
                let parsed = SecurityOrigin(string: origin)
                return (origin: origin, parsed: parsed, matches: parsed.map(originRule.matches) ?? false)
            }
            if json {
                let rendered: JSONValue = [
                    "rule": .string(rule),
                    "matched": .number(Double(verdicts.count { $0.matches })),
                    "origins": .array(
                        verdicts.map { verdict in
                            [
                                "origin": .string(verdict.origin), "match": .bool(verdict.matches),
                                "serialized": verdict.parsed.map { .string($0.description) } ?? .null,
                            ]
                        }),
                ]
                print(rendered.jsonString)
            } else {
                for verdict in verdicts { print("\(verdict.matches ? "match" : "no-match") \(verdict.origin)") }
            }
            if !origins.isEmpty, !verdicts.contains(where: \.matches) { throw ExitCode(1) }
        }

        /// The rule, or exit 2 after saying why it is invalid.
        private static func originRule(_ rule: String) throws -> OriginRule {
            do {
                return try OriginRule(rule)
            } catch {
                printToStandardError("invalid rule: \(error.reason)")
                throw ExitCode(2)
            }
        }
    }
}
