#if canImport(WebKit) && !os(Linux)
import Foundation
import Testing
import TodayBridge
import TodayBridgeTesting
import TodayBridgeWebKit
import WebKit

/// The conformance kit in a real `WKWebView`, the way any Apple host would run it: the fixture
/// registered, the embedded page loaded, `window.todayConformance` read back. With
/// `TODAY_BRIDGE_CONFORMANCE_REPORTS` set to a folder, each mode's report is written there as
/// `<mode>.json` (the Apple workflow uploads them).
@Suite("WebKit adapter (real WKWebView): the conformance kit")
@MainActor
struct RealWebKitConformanceTests {
    static let pages: [ConformanceKit.Mode: URL] = [
        .trusted: RealWebView.trustedPage,
        .untrusted: URL(string: "https://elsewhere.example/app/home")!,
        .cleartext: URL(string: "http://trusted.example.com/app/home")!,
    ]

    @Test("C1 C2 C3 C4 C5 C6 C7 C8 S1 S2 S3 T1 T2 T3 T4 X1 X2 X3 X4 X7 D1 D2 W1 W2 W3 W4 W5 W7 the conformance kit passes every rule in a real WKWebView", arguments: ConformanceKit.Mode.allCases)
    func conformanceKit(mode: ConformanceKit.Mode) throws {
        let page = try RealWebView()
        try ConformanceFixture.register(in: page.bridge)
        page.view.loadHTMLString(ConformanceKit.page(mode: mode), baseURL: try #require(Self.pages[mode]))
        #expect(page.spin(timeout: 60) { page.evaluate("window.todayConformance !== undefined") as? Bool == true })
        let text = try #require(page.evaluate("JSON.stringify(window.todayConformance)") as? String)
        if let folder = ProcessInfo.processInfo.environment["TODAY_BRIDGE_CONFORMANCE_REPORTS"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try text.write(toFile: folder + "/\(mode.rawValue).json", atomically: true, encoding: .utf8)
        }
        let report = try JSONValue(parsing: text)
        let failing = (report["rules"]?.arrayValue ?? []).filter { $0["passed"] != true }.compactMap { $0["id"]?.stringValue }
        #expect(report["crashed"] == nil, "\(text)")
        #expect(failing == [], "\(text)")
        #expect((report["rules"]?.arrayValue?.count ?? 0) >= 28)
    }
}
#endif
