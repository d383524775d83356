import Foundation
import Testing
@_spi(Tools) import TodayBridge

/// Who sent a message, as the engine says (C8): the ways around it a page could try, in real engines.
@Suite("End to end: the sender is what the engine says", .serialized)
struct SenderIdentityEndToEndTests {
    private static func open(_ page: String, _ engine: Engine, extra: [String] = []) async throws -> EndToEndHost.Run {
        let backend = try await EndToEndHost.shared.value.backend
        let run = try await EndToEndHost.open(
            "/e2e/\(page)?engine=\(engine.rawValue)", on: backend.secureOrigin, trusting: [backend.secureOrigin],
            engine: engine, extra: extra
        )
        #expect(run.exitCode == 0, "the page did not close itself: \(run.errors.suffix(2000))")
        return run
    }

    @Test(
        "C8 S1 once the web process extension is loaded, the relay speaks for nobody: a sub-frame handing it a request gets no token"
    )
    func c8RelayRefusedWithTheExtension() async throws {
        let run = try await Self.open("relay-bypass.html", .webkitgtk)
        let backend = try await EndToEndHost.shared.value.backend
        let results = try #require(
            backend.reports(named: "relay-bypass-webkitgtk").last, "no report; stderr: \(run.errors.suffix(2000))")
        #expect(
            results["mainHeaders"]?["Authorization"]?.stringValue?.hasPrefix("Bearer demo-") == true,
            "\(results.jsonString)")
        let reply = try #require(results["relayedReply"]?.stringValue)
        #expect(!reply.contains("Bearer"), "\(reply)")
    }

    @Test(
        "S2 S3 C8 a main document sandboxed by its CSP is opaque on every path: no credential at a trusted URL",
        arguments: Engine.allCases)
    func s2SandboxedMainDocument(engine: Engine) async throws {
        let run = try await Self.open("sandboxed-main.html", engine)
        let backend = try await EndToEndHost.shared.value.backend
        let results = try #require(
            backend.reports(named: "sandboxed-main-\(engine.rawValue)").last,
            "no report; stderr: \(run.errors.suffix(2000))")
        #expect(results["selfOrigin"] == "null")
        #expect(results["headers"] == [:], "\(results.jsonString)")
        #expect(results["refreshToken"] == ["undefined": true], "\(results.jsonString)")
    }

    /// Not on Android's emulation: while a navigation is pending, DevTools holds what is sent to the
    /// page on screen and drops it at the commit (`WebViewEngine`'s notes), so the page's answer
    /// never comes, where Android delivers it; the glue's JUnit suite and the JNI tests prove that
    /// Android judges a page by its `onPageStarted` URL, never `getUrl()`.
    @Test(
        "C8 S3 while the next page loads, the page on screen is judged by its own URL, not the pending one",
        arguments: Engine.allCases.filter(\.isWebKitGTK))
    func c8PendingNavigation(engine: Engine) async throws {
        let run = try await Self.open("pending-navigation.html", engine)
        let backend = try await EndToEndHost.shared.value.backend
        let event = try #require(
            run.analytics.first { $0["event"] == "pending_navigation" }, "no event; stderr: \(run.errors.suffix(2000))")
        #expect(event["before"] == true && event["pending"] == true, "\(event.jsonString)")
        #expect(
            event["ctx"]?["page"] == .string(backend.secureOrigin + "/e2e/pending-navigation.html"),
            "\(event.jsonString)")
    }

    @Test(
        "X7 WebKitGTK's native entry measures a text before converting it: one over the limit crosses as its length alone"
    )
    func x7EntryMeasuresFirst() async throws {
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent(
            "today-entry-limit-\(UUID().uuidString)"
        ).path
        let run = try await Self.open("entry-limit.html", .webkitgtk, extra: ["--inspect", recording])
        let backend = try await EndToEndHost.shared.value.backend
        let results = try #require(
            backend.reports(named: "entry-limit").last, "no report; stderr: \(run.errors.suffix(2000))")
        #expect(results["outcome"] == ["value": "undefined"], "\(results.jsonString)")
        // 9,000,002 UTF-16 units of three UTF-8 bytes each: the host saw the length, not 27 MB of text.
        let traffic = try TrafficRecording(jsonLines: String(contentsOfFile: recording + ".jsonl", encoding: .utf8))
            .records
        let refused = try #require(traffic.first { $0.kind == "pageMessage" }, "\(traffic)")
        #expect(refused.requestBytes == 9_000_002, "\(refused)")
    }
}
