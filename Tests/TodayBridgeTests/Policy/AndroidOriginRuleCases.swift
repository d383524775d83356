import Foundation
import Testing

/// The cases of `Tests/Fixtures/android-origin-rules.json`: what Android's `allowedOriginRules`
/// parser (Chromium's `OriginMatcher`) accepts, refuses and matches, from Chromium's own tests.
/// The end-to-end suite's `PolicyCheckCommandTests` reads the same file.
struct AndroidOriginRuleCases: Decodable, Sendable {
    struct Invalid: Decodable, Sendable, CustomTestStringConvertible {
        var rule: String
        var testDescription: String { "\"\(rule)\"" }
    }

    struct Valid: Decodable, Sendable, CustomTestStringConvertible {
        var rule: String
        var normalForm: String
        var matches: [String]
        var doesNotMatch: [String]
        var source: String
        var testDescription: String { "\(rule) (\(source))" }
    }

    struct IPHost: Decodable, Sendable, CustomTestStringConvertible {
        var host: String
        /// `nil`: no IP address, refused.
        var canonical: String?
        var testDescription: String { "\(host) -> \(canonical ?? "refused")" }
    }

    struct Difference: Decodable, Sendable, CustomTestStringConvertible {
        var rule: String
        var origin: String
        var android: String
        var here: String
        var testDescription: String { "\(rule) \(origin): Android \(android), here \(here)" }
    }

    var invalid: [Invalid]
    var valid: [Valid]
    var ipHosts: [IPHost]
    var differences: [Difference]

    /// The table, read once.
    static let table: AndroidOriginRuleCases = {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/android-origin-rules.json")
        // A missing or broken table is a broken checkout: fail loudly.
        return try! JSONDecoder().decode(AndroidOriginRuleCases.self, from: Data(contentsOf: file))
    }()
}
