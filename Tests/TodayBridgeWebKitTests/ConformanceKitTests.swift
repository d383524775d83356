#if canImport(WebKit)
import Foundation
import TodayBridge
import TodayBridgeConformance
import TodayBridgeWebKit
import WebKit
import XCTest

/// The conformance kit in a real web view, the way any Apple host runs it: the fixture registered,
/// the embedded page loaded, `window.todayConformance` read back. With
/// `TODAY_BRIDGE_CONFORMANCE_REPORTS` set to a folder, each mode's report is written there as
/// `<mode>.json` (the Apple workflow uploads them).
@MainActor
final class ConformanceKitTests: RealWebViewTestCase {
    static let pages: [ConformanceKit.Mode: URL] = [
        .trusted: RealWebView.trustedPage,
        .untrusted: URL(string: "https://elsewhere.example/app/home")!,
        .cleartext: URL(string: "http://trusted.example.com/app/home")!,
    ]
    /// The rules the kit checks in each mode (the credential rules differ).
    static let ruleCounts: [ConformanceKit.Mode: Int] = [.trusted: 28, .untrusted: 26, .cleartext: 26]

    func test_conformanceKitPassesEveryRuleAsTrustedSurface() async throws { try await run(.trusted) }
    func test_conformanceKitPassesEveryRuleAsHTTPSPageOnNoSurface() async throws { try await run(.untrusted) }
    func test_conformanceKitPassesEveryRuleOverCleartext() async throws { try await run(.cleartext) }

    private func run(_ mode: ConformanceKit.Mode) async throws {
        let page = try RealWebView()
        try ConformanceFixture.register(in: page.bridge)
        page.view.loadHTMLString(ConformanceKit.page(mode: mode), baseURL: try XCTUnwrap(Self.pages[mode]))
        let finished = await page.wait(timeout: 60) {
            await page.evaluate("window.todayConformance !== undefined") as? Bool == true
        }
        XCTAssertTrue(finished, "the kit posted its report")
        let reported = await page.evaluate("JSON.stringify(window.todayConformance)") as? String
        let text = try XCTUnwrap(reported)
        if let folder = ProcessInfo.processInfo.environment["TODAY_BRIDGE_CONFORMANCE_REPORTS"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try text.write(toFile: folder + "/\(mode.rawValue).json", atomically: true, encoding: .utf8)
        }
        let report = try JSONValue(parsing: text)
        let failing = (report["rules"]?.arrayValue ?? []).filter { $0["passed"] != true }.compactMap {
            $0["id"]?.stringValue
        }
        XCTAssertNil(report["crashed"], text)
        XCTAssertEqual(failing, [], text)
        XCTAssertGreaterThanOrEqual(report["rules"]?.arrayValue?.count ?? 0, Self.ruleCounts[mode] ?? 0)
    }
}
#endif
