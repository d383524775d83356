import Foundation
import Testing
import TodayBridge

/// `today-bridge conformance` against this project's own hosts: the kit every other host runs, in
/// both engines, must pass every rule a page can observe.
@Suite("End to end in real engines: the conformance kit", .serialized)
struct ConformanceEndToEndTests {
    /// The rules no page can observe, so the kit does not check them: S4 needs a navigation timed
    /// against a refresh in the host, X5 is about the host's traces, X6 about generated files, W6
    /// about the fake host the page tests use, ST3 about the host's pacing, which the SDK hides,
    /// and B4 about the host's own limit, which a page is not told.
    static let notObservableByAPage: Set<String> = ["S4", "X5", "X6", "W6", "ST3", "B4"]

    /// Every rule id the contract defines: its headings that are letters and a number (`### C1`,
    /// `### ST1`).
    static func contractRules() throws -> [String] {
        let contract = EndToEndHost.packageRoot.appendingPathComponent(
            "Sources/TodayBridge/TodayBridge.docc/Contract.md")
        return try String(contentsOf: contract, encoding: .utf8)
            .split(separator: "\n")
            .compactMap { line in line.wholeMatch(of: /### ([A-Z]+[0-9]+)/).map { String($0.1) } }
    }

    @Test(
        "C1 C2 C3 C4 C5 C6 C7 C8 S1 S2 S3 T1 T2 T3 T4 X1 X2 X3 X4 X7 ST1 ST2 ST4 ST5 B1 B2 B3 D1 D2 W1 W2 W3 W4 W5 W7 A1 A2 the conformance kit ends with N passed, 0 failed, N covering every rule a page can observe",
        arguments: Engine.allCases)
    func conformanceKitPasses(engine: Engine) async throws {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conformance-\(engine.rawValue)-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: json) }
        let run = try await EndToEndHost.run(["conformance"] + engine.arguments + ["--json", json.path])
        #expect(run.exitCode == 0, "\(run.output.joined(separator: "\n"))\n\(run.errors)")
        let summary = try JSONValue(parsing: String(contentsOf: json, encoding: .utf8))
        let passed = Set(summary["passed"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let failed = summary["failed"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(failed.isEmpty)
        #expect(run.output.last == "\(passed.count) passed, 0 failed")

        let androidOnly: Set<String> = engine == .android ? [] : ["A1", "A2"]
        let expected = Set(try Self.contractRules()).subtracting(Self.notObservableByAPage).subtracting(androidOnly)
        #expect(expected.count >= 35, "the contract's rules were read")
        #expect(expected.subtracting(passed).sorted() == [], "rules the kit did not pass in \(engine.rawValue)")
    }
}
