import Foundation
import Testing
@_spi(Tools) import TodayBridge
import TodayDemoBackend

/// Back, Forward and every navigation in real engines (S4, C5, C8, X3): a trusted page left and
/// shown again (from the back-forward cache and without it), forward again, a foreign origin and
/// back, a fragment, `pushState` and `popstate`, a reload, a call in flight when the page is left,
/// native events sent during a navigation, and realms kept after their document left.
@Suite("Navigations in real engines", .serialized)
struct NavigationEndToEndTests {
    /// One way to show pages: an engine, and whether the page may enter the back-forward cache.
    struct Way: Sendable, CustomTestStringConvertible {
        let engine: Engine
        /// Whether the app lets the engine keep pages in its back-forward cache.
        let cached: Bool
        var testDescription: String {
            engine.testDescription + (cached ? ", back-forward cache" : ", no back-forward cache")
        }

        /// Whether Back shows the page from the cache.
        var restoresFromCache: Bool { cached }
        var query: String { "?engine=\(engine.rawValue)" }
        /// `today-bridge open`'s arguments for the cache where it is not the engine's default: on
        /// in WebKit, off in Android's WebView unless the app opts in.
        var arguments: [String] {
            switch (engine, cached) {
            case (.android, true): ["--back-forward-cache", "on"]
            case (.android, false), (.wkwebview, _): []
            case (_, false): ["--back-forward-cache", "off"]
            case (_, true): []
            }
        }
    }

    static let ways: [Way] =
        Engine.allCases.map { Way(engine: $0, cached: $0 != .android) }
        + [Way(engine: .webkitgtk, cached: false), Way(engine: .android, cached: true)]

    private static func open(
        _ page: String, _ way: Way, query: String = "", extra: [String] = []
    ) async throws -> (run: EndToEndHost.Run, backend: DemoBackend) {
        let backend = try await EndToEndHost.shared.value.backend
        let run = try await EndToEndHost.open(
            "/e2e/\(page)\(way.query)\(query)", on: backend.secureOrigin, trusting: [backend.secureOrigin],
            engine: way.engine, extra: way.arguments + extra
        )
        #expect(run.exitCode == 0, "the view was not closed: \(run.errors.suffix(2000))")
        return (run, backend)
    }

    private static func report(
        _ name: String, _ way: Way, from backend: DemoBackend, _ run: EndToEndHost.Run
    ) throws -> JSONValue {
        try #require(
            backend.reports(named: "\(name)-\(way.engine.rawValue)").last,
            "no report \(name); stderr: \(run.errors.suffix(2000))")
    }

    /// Whether a `headers` outcome carries the bearer.
    private static func hasAuthorization(_ outcome: JSONValue?) -> Bool {
        outcome?["value"]?["Authorization"]?.stringValue?.hasPrefix("Bearer demo-") == true
    }

    @Test(
        "S4 C5 X3 Back, Forward, a foreign origin, a fragment, pushState, popstate and a reload: the trusted page keeps its bridge and its credentials",
        arguments: ways)
    func journey(way: Way) async throws {
        let (run, backend) = try await Self.open("nav-journey.html", way)
        let records = try Self.report("nav-journey", way, from: backend, run)
        #expect(records.objectValue?.keys.contains { $0.hasPrefix("unexpectedStep") } == false, "\(records.jsonString)")
        for step in [
            "first", "other", "back", "forward", "back2", "foreignBack", "fragment", "pushed", "popped", "reload",
        ] {
            #expect(
                Self.hasAuthorization(records["\(step).headers"]),
                "\(step): \(records["\(step).headers"]?.jsonString ?? "nothing")")
        }
        #expect(records["back.restored"] == .bool(way.restoresFromCache))
        #expect(records["back2.restored"] == .bool(way.restoresFromCache))
        #expect(records["reload.restored"] == false)
        // X3: the page hears the host's events after each way back (it subscribes again when restored).
        for step in ["first", "back", "reload"] { #expect(records["\(step).event"] == true, "\(step)") }
        // C5 S4: the call in flight when the page was left settled once, as cancelled, when it was shown again.
        if way.restoresFromCache {
            #expect(
                records["back.inflight"]?["code"] == "cancelled", "\(records["back.inflight"]?.jsonString ?? "nothing")"
            )
        }
        // S3: the foreign origin on the way got no credential.
        let foreign = try Self.report("nav-foreign", way, from: backend, run)
        #expect(
            foreign["headers"]?["value"] != nil && !Self.hasAuthorization(foreign["headers"]), "\(foreign.jsonString)")
        // C8: each event names the main document's URL as the engine tells it, without the
        // fragment: the document's own, pushState included, on WebKit; the committed one on
        // Android (its last onPageStarted: a pushState commits nothing).
        let pages = Dictionary(
            run.analytics.compactMap { event in
                event["event"]?.stringValue.map { ($0, event["ctx"]?["page"]?.stringValue ?? "") }
            }
        ) { first, _ in first }
        let pushed = way.engine == .android ? "nav-journey.html" : "nav-pushed.html"
        #expect(pages["nav_fragment"] == backend.secureOrigin + "/e2e/nav-journey.html")
        #expect(pages["nav_pushed"] == backend.secureOrigin + "/e2e/" + pushed)
        #expect(pages["nav_popped"] == backend.secureOrigin + "/e2e/nav-journey.html")
    }

    @Test(
        "X3 C5 native events sent while the page navigates stall nothing: the next document's events arrive",
        arguments: ways)
    func eventsDuringNavigation(way: Way) async throws {
        let (run, backend) = try await Self.open("nav-events.html", way)
        let records = try Self.report("nav-events", way, from: backend, run)
        #expect(records["after"] == [1, 2, 3], "\(records.jsonString)")
    }

    @Test(
        "S4 X3 B2 a delivery sent for a main document that has left, arriving once the next one began, does not reach it; later deliveries do",
        arguments: [Way(engine: .webkitgtk, cached: false)])
    func staleDelivery(way: Way) async throws {
        let (run, backend) = try await Self.open("nav-stale-delivery.html", way)
        let records = try Self.report("nav-stale-delivery", way, from: backend, run)
        // Seen by the next document's first script, or handed to its SDK: nothing.
        #expect(records["stale"] == [], "\(records.jsonString)")
        #expect(records["fresh"]?["value"] == [4, 5], "\(records.jsonString)")
        // The view sent it for the document that left (tagged with it): the web process extension
        // dropped it, the main frame showing the next document; or, had the view heard of the
        // commit first, the view refused it. Either way once, and never as a script.
        let counts = try #require(records["deliveries"])
        let dropped = counts["dropped"]?.doubleValue ?? 0
        let refused = counts["refused"]?.doubleValue ?? 0
        #expect(dropped + refused == 1 && counts["asScripts"] == 0, "\(counts.jsonString)")
    }

    @Test(
        "S4 X3 a main document going into the back-forward cache that posts from its pagehide is not shown again: no document begins, and the next one takes its deliveries",
        arguments: [Way(engine: .webkitgtk, cached: true)])
    func hidingDocumentPosts(way: Way) async throws {
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent(
            "today-hiding-\(UUID().uuidString)"
        ).path
        defer {
            for file in [recording + ".jsonl", recording + ".html"] {
                try? FileManager.default.removeItem(atPath: file)
            }
        }
        let (run, backend) = try await Self.open(
            "nav-stale-delivery.html", way, query: "&cached", extra: ["--inspect", recording])
        let records = try Self.report("nav-stale-delivery", way, from: backend, run)
        #expect(records["fresh"]?["value"] == [4, 5], "\(records.jsonString)")
        let counts = try #require(records["deliveries"])
        #expect(counts["dropped"] == 0 && counts["refused"] == 0 && counts["asScripts"] == 0, "\(counts.jsonString)")
        // Two documents: the first, and the next, which every later message and delivery is for.
        let traffic = try TrafficRecording(jsonLines: String(contentsOfFile: recording + ".jsonl", encoding: .utf8))
            .records
        #expect(Set(traffic.map(\.document)) == [1, 2], "\(traffic.map { "\($0.type ?? "")@\($0.document)" })")
    }

    @Test("S4 C8 a sub-frame's realm kept after its document left speaks for nobody", arguments: ways)
    func staleSubFrame(way: Way) async throws {
        let (run, backend) = try await Self.open("nav-stale-frame.html", way)
        let records = try Self.report("nav-stale-frame", way, from: backend, run)
        #expect(records["keptChannel"] == true)
        let tracked = run.analytics.contains { $0["event"] == "stale_frame_track" }
        // C8: the frame's new document tracks under its own URL, pushState included, where the engine tells a frame's URL.
        if way.engine == .webkitgtk || way.engine == .wkwebview {
            let pages = run.analytics.reduce(into: [String: String]()) { pages, event in
                if let name = event["event"]?.stringValue { pages[name] = event["ctx"]?["page"]?.stringValue }
            }
            #expect(pages["frame_second"] == backend.secureOrigin + "/e2e/nav-frame-second.html", "\(pages)")
            #expect(pages["frame_pushed"] == backend.secureOrigin + "/e2e/nav-frame-pushed.html", "\(pages)")
        }
        switch way.engine {
        case .webkitgtk:
            // The extension's entry belongs to its document: the kept realm's call throws.
            #expect(records["echo"]?["rejected"] == "TypeError", "\(records.jsonString)")
            #expect(!tracked)
        case .android:
            // Chromium drops what an inactive document posts: nothing reaches the app.
            #expect(records["echo"]?["value"] == nil, "\(records.jsonString)")
            #expect(!tracked)
        case .webkitgtkRelay, .wkwebview:
            // WebKit's own handler belongs to the frame and reports its current document, a
            // sub-frame of the same origin: only what any frame gets (track), never a credential.
            #expect(records["echo"]?["value"] == ["stale": true], "\(records.jsonString)")
        }
    }

    @Test(
        "S4 C8 S3 a main frame's realm kept by a popup after its page left gets no credential when the trusted page is restored",
        arguments: Engine.allCases.filter(\.isWebKitGTK))
    func stalePopup(engine: Engine) async throws {
        let backend = try await EndToEndHost.shared.value.backend
        let way = Way(engine: engine, cached: true)
        let port = try #require(URL(string: backend.cleartextOrigin)?.port)
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent(
            "today-stale-popup-\(UUID().uuidString)"
        ).path
        let (run, _) = try await Self.open(
            "nav-stale-popup.html", way, query: "&cleartextPort=\(port)", extra: ["--inspect", recording])
        let records = try Self.report("nav-stale-popup", way, from: backend, run)
        let keeper = try Self.report("nav-stale-keeper", way, from: backend, run)
        #expect(
            Self.hasAuthorization(records["trusted.headers"]) && Self.hasAuthorization(records["back.headers"]),
            "\(records.jsonString)")
        #expect(records["back.restored"] == true)
        #expect(keeper["popup"] == true, "\(keeper.jsonString)")
        // The kept realm got nothing, least of all a credential ...
        for call in ["headers", "echo", "entryHeaders"] {
            #expect(keeper[call]?["value"] == nil, "\(call): \(keeper.jsonString)")
        }
        // ... and nothing reached a capability for it: the host served the trusted page's two calls alone.
        let traffic = try TrafficRecording(jsonLines: String(contentsOfFile: recording + ".jsonl", encoding: .utf8))
            .records
        #expect(!traffic.contains { $0.type == "echo" }, "\(traffic.map(\.type))")
        #expect(traffic.filter { $0.type == "headers" }.count == 2, "\(traffic.map(\.type))")
    }
}
