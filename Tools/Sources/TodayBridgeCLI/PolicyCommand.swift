import ArgumentParser
import TodayBridge

/// `today-bridge policy`: checks trusted-surface configuration (S2).
struct PolicyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy",
        abstract: "Check trusted-surface origin rules.",
        subcommands: [Check.self]
    )

    /// `today-bridge policy check RULE ORIGIN...`
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print `match ORIGIN` or `no-match ORIGIN` for each origin; exit 2 on an invalid rule."
        )

        @Argument(help: "An origin rule, in the grammar of Android's allowedOriginRules.")
        var rule: String

        @Argument(help: "Origins (or URLs) to test against the rule.")
        var origins: [String] = []

        func run() throws {
            let originRule: OriginRule
            do {
                originRule = try OriginRule(rule)
            } catch {
                printToStandardError("invalid rule: \(error.reason)")
                throw ExitCode(2)
            }
            for origin in origins {
                let matches = SecurityOrigin(string: origin).map(originRule.matches) ?? false
                print("\(matches ? "match" : "no-match") \(origin)")
            }
        }
    }
}
