import Foundation
import Testing
import TodayBridge
import ToolSupport
import TodayDemoBackend

/// WebKitGTK without its web process extension: a module that is missing, or that WebKit cannot
/// load (which it skips, silently), leaves the bridge on the relay, which says so once.
@Suite("End to end in WebKitGTK: the web process extension missing or broken", .serialized)
struct WebProcessExtensionEndToEndTests {
    enum Module: String, CaseIterable, Sendable {
        /// An empty directory.
        case missing
        /// A file by the module's name that is no shared library.
        case broken
    }

    @Test(
        "C8 C5 S1 a missing or broken web process extension: the relay answers the contract page, with one diagnostic",
        arguments: Module.allCases)
    func fallsBackToTheRelay(module: Module) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "today-extension-\(module.rawValue)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        if module == .broken {
            try Data("not a shared library".utf8).write(
                to: directory.appendingPathComponent("libTodayBridgeGTKWebProcessExtension.so"))
        }
        // A backend of its own: the contract page counts refreshes on it.
        let certificate = try await EndToEndHost.shared.value.certificate
        let backend = try await DemoBackend.start(
            webRoot: EndToEndHost.packageRoot.appendingPathComponent("web").path, certificate: certificate)
        defer { backend.stop() }
        let report = "extension-\(module.rawValue)"
        let run = try await EndToEndHost.open(
            "/e2e/contract.html?engine=\(report)", on: backend.secureOrigin, trusting: [backend.secureOrigin],
            engine: .webkitgtk,
            extra: ["--web-process-extension", directory.path], backend: backend
        )
        #expect(run.exitCode == 0, "the page did not close itself: \(run.errors.suffix(2000))")
        let results = try #require(
            backend.reports(named: "contract-\(report)").last, "no report; stderr: \(run.errors.suffix(2000))")
        #expect(results["crashed"] == nil)
        #expect(
            results["headers"]?["Authorization"]?.stringValue?.hasPrefix("Bearer demo-") == true,
            "the relay identifies the main frame")
        #expect(
            results["crossOriginFrame"]?["headers"] == "undefined"
                && results["crossOriginFrame"]?["track"] == "undefined", "S1")
        #expect(results["concurrent"] == .array((0..<20).map { ["i": .number(Double($0))] }))
        // `open` prints it once (the bridge's log has it too).
        let diagnostics = run.errors.components(separatedBy: "\n").filter {
            $0.hasPrefix("today-bridge: ") && $0.contains("webProcessExtensionUnavailable")
        }
        #expect(diagnostics.count == 1, "standard error: \(run.errors.suffix(2000))")
    }
}
