import Foundation
import Testing
@_spi(Tools) import TodayBridge
import ToolSupport
import TodayDemoBackend

/// `today-bridge open --inspect` in real engines: a page that uses every credential records
/// each call, and the recording (JSON lines and HTML) holds none of them (X5).
@Suite("End to end: the traffic inspector", .serialized)
struct InspectorEndToEndTests {
    /// A backend of its own: the page expires tokens and refreshes, which must not disturb the
    /// contract pages' counts on the shared one.
    static let backend = Task { () throws -> DemoBackend in
        let certificate = try await EndToEndHost.shared.value.certificate
        return try await DemoBackend.start(
            webRoot: EndToEndHost.packageRoot.appendingPathComponent("web").path, certificate: certificate)
    }

    /// One recorded run of `web/e2e/inspector.html` per engine, one after the other, in a
    /// temporary folder, or in `TODAY_BRIDGE_INSPECTOR_OUTPUT` when set
    /// (`scripts/inspector-screenshot.sh` makes the README's picture from it).
    static let runs = Task { () throws -> [Engine: Recorded] in
        let backend = try await Self.backend.value
        let output = ProcessInfo.processInfo.environment["TODAY_BRIDGE_INSPECTOR_OUTPUT"].map {
            URL(fileURLWithPath: $0)
        }
        let folder =
            output
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("today-inspector-\(UUID().uuidString)")
        var runs: [Engine: Recorded] = [:]
        for engine in Engine.engines {
            let base = folder.appendingPathComponent("traffic-\(engine.rawValue)").path
            let run = try await EndToEndHost.open(
                "/e2e/inspector.html?report=inspector-\(engine.rawValue)", on: backend.secureOrigin,
                trusting: [backend.secureOrigin], engine: engine,
                extra: ["--inspect", base], backend: backend
            )
            let results = try #require(
                backend.reports(named: "inspector-\(engine.rawValue)").last,
                "the page did not report; stderr: \(run.errors)")
            runs[engine] = Recorded(
                run: run, results: results,
                jsonLines: (try? String(contentsOfFile: base + ".jsonl", encoding: .utf8)) ?? "",
                html: (try? String(contentsOfFile: base + ".html", encoding: .utf8)) ?? "",
                htmlPath: base + ".html"
            )
        }
        return runs
    }

    struct Recorded {
        var run: EndToEndHost.Run
        var results: JSONValue
        var jsonLines: String
        var html: String
        var htmlPath: String
    }

    private func recorded(_ engine: Engine) async throws -> (Recorded, [TrafficRecord]) {
        let run = try #require(try await Self.runs.value[engine])
        #expect(run.run.exitCode == 0, "the page did not close itself: \(run.run.errors)")
        #expect(run.results["crashed"] == nil)
        #expect(run.run.errors.contains("traffic recorded to"), "\(run.run.errors)")
        return (run, try TrafficRecording(jsonLines: run.jsonLines).records)
    }

    @Test(
        "X5 open --inspect records every call of a credential-heavy page, and neither the JSON lines nor the HTML hold a token or the cookie",
        arguments: Engine.engines)
    func x5NoCredentialInTheRecording(engine: Engine) async throws {
        let (recorded, records) = try await recorded(engine)
        // The page got its credentials: the tokens it saw are what must not appear.
        let authorization = try #require(recorded.results["headers"]?["Authorization"]?.stringValue)
        let refreshed = try #require(recorded.results["refreshToken"]?["authorization"]?.stringValue)
        #expect(recorded.results["establishSession"] == ["ok": true] && recorded.results["apiWithCookie"] == 200)
        #expect(recorded.results["bridgeFetch"] == 200)
        // The session cookie the page's own fetch carried, as the backend saw it.
        let backend = try await Self.backend.value
        let cookies = Set(backend.apiRequests.filter { $0.via == "cookie" }.compactMap(\.cookie))
        #expect(!cookies.isEmpty, "the page's fetch came with no session cookie")
        var secrets = [authorization, refreshed].map { String($0.dropFirst("Bearer ".count)) } + cookies
        // Every token the backend issues starts with `demo-`.
        secrets += ["demo-", "Bearer"]
        for secret in secrets {
            #expect(!recorded.jsonLines.contains(secret), "the JSON lines hold \(secret)")
            #expect(!recorded.html.contains(secret), "the HTML holds \(secret)")
        }

        // ... and it did record them: a test that finds nothing proves nothing.
        func find(_ type: String, frame: TrafficRecord.Frame = .main, kind: String = "pageMessage") -> [TrafficRecord] {
            records.filter { $0.type == type && $0.frame == frame && $0.kind == kind }
        }
        for type in ["headers", "refreshToken", "establishSession", "echo"] {
            #expect(
                find(type).contains { $0.outcome == "resolved" && $0.answer == "value" && ($0.replyBytes ?? 0) > 0 },
                "\(type)")
        }
        #expect(find("headers").count >= 2, "bridgeFetch asks for headers too")
        #expect(find("refreshToken").count >= 2, "bridgeFetch's 401 refreshes")
        #expect(
            find("fail").contains { $0.outcome == "rejected" && $0.answer == "rejection" && $0.errorCode == "declined" }
        )
        #expect(find("no.such.capability").contains { $0.outcome == "unknownType" && $0.answer == "undefined" })
        #expect(find("track").contains { $0.answer == "undefined" && $0.replyBytes == 0 })
        #expect(
            find("e2e.inspect", kind: "nativeEvent").contains {
                ["delivered", "buffered"].contains($0.outcome) && $0.requestBytes == 7
            })
        #expect(
            find("e2e.double", kind: "nativeCall").contains {
                $0.outcome == "resolved" && $0.answer == "value" && $0.requestBytes == 2 && $0.replyBytes == 2
            })
        // C8: the engine reports the sub-frame's own origin (WebKitGTK through its web process
        // extension; on the relay path a sub-frame would have none).
        func hasSubFrameOrigin(_ record: TrafficRecord) -> Bool {
            record.origin?.hasPrefix("https://localhost:") == true
        }
        for type in ["headers", "refreshToken", "establishSession"] {
            #expect(
                find(type, frame: .sub).contains { $0.outcome == "denied" && hasSubFrameOrigin($0) },
                "sub-frame \(type)")
        }
        #expect(find("track", frame: .sub).count == 1)
        #expect(Set(records.map(\.webView)) == [1])
        #expect(records.allSatisfy { $0.start >= 0 && $0.duration >= 0 })

        // The HTML is the viewer with the recording, self-contained.
        #expect(recorded.html.contains("today-bridge-traffic") && recorded.html.contains("Content-Security-Policy"))
        #expect(recorded.html.components(separatedBy: "</script>").count == 2)
        #expect(!recorded.html.contains("src=\"http") && !recorded.html.contains("<link"))
    }

    @Test(
        "X5 the inspector page draws a bar per record, in lanes per frame, in a real engine (headless Chromium, no network)"
    )
    func x5PageDrawsTheRecording() async throws {
        let (recorded, records) = try await recorded(.webkitgtk)
        let dump = await ChildProcess.run(
            "/usr/bin/chromium",
            arguments: [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--dump-dom",
                URL(fileURLWithPath: recorded.htmlPath).absoluteString,
            ],
            within: 120
        )
        let dom = dump.lines.joined(separator: "\n")
        #expect(dump.status == 0, "\(dump.standardError)")
        #expect(dom.components(separatedBy: "class=\"bar").count - 1 == records.count)
        #expect(
            dom.contains("web view 1 · main frame") && dom.contains("web view 1 · sub-frame https://localhost:"),
            "a lane for the sub-frame's origin (C8)")
        #expect(dom.contains("data-category=\"rejected\"") && dom.contains("data-category=\"refused\""))
    }

    @Test("X5 today-bridge inspect re-renders a recording; a type name holding </script> stays text")
    func x5InspectCommand() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("today-inspect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let recording = folder.appendingPathComponent("hostile.jsonl")
        let hostile = #"</script><script>document.title='owned'</script><!--"#
        let record =
            #"{"kind":"pageMessage","webView":1,"document":1,"frame":"main","type":"\#(hostile)","outcome":"unknownType","answer":"undefined","start":1,"duration":0.5,"requestBytes":90,"replyBytes":0}"#
        try Data(
            (#"{"format":"today-bridge-traffic","version":1,"startedAt":"2026-01-01T00:00:00.000Z","capacity":10000,"dropped":0}"#
                + "\n" + record + "\n").utf8
        )
        .write(to: recording)
        let cli = TodayBridgeExecutable.path
        let rendered = await ChildProcess.run(cli, arguments: ["inspect", recording.path], within: 60)
        #expect(rendered.status == 0, "\(rendered.standardError)")
        let page = folder.appendingPathComponent("hostile.html")
        #expect(rendered.lines == [page.path])
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.components(separatedBy: "</script>").count == 2 && !html.contains("<!--"))
        let dump = await ChildProcess.run(
            "/usr/bin/chromium",
            arguments: ["--headless=new", "--no-sandbox", "--disable-gpu", "--dump-dom", page.absoluteString],
            within: 120)
        let dom = dump.lines.joined(separator: "\n")
        #expect(dom.contains("<title>Bridge traffic</title>") && !dom.contains("<title>owned"))
        #expect(dom.contains("&lt;/script&gt;&lt;script&gt;"), "the type is shown as text")
    }
}
