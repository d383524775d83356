import Foundation
import Testing
import TodayBridge
import TodayBridgePostHog
@_spi(Tools) import TodayBridgeTesting
import TodayDemoBackend
import ToolSupport

/// The sink's payload beside PostHog's own SDK's: posthog-python (PyPI `posthog`, installed by
/// scripts/install-posthog-python.sh into .build/posthog-python) sends the same events to the same
/// capture server on loopback, and the two are compared key by key.
@Suite("PostHog payload: the sink's beside posthog-python's")
struct PostHogPayloadComparisonTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    private static let python = root.appendingPathComponent(".build/posthog-python/bin/python")
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "posthog_python_capture.py")

    /// What differs, on purpose: the library's own name and version, and what a server SDK says
    /// of its runtime (posthog-python runs on a server; the sink in an app).
    private static let differingValues: Set<String> = ["$lib", "$lib_version", "$os", "$os_version"]
    private static let pythonOnlyProperties: Set<String> = [
        "$python_runtime", "$python_version", "$os_distro", "$is_server",
    ]

    @Test(
        "T1 the capture server accepts posthog-python's batch and the sink's for the same events; they differ only where listed"
    )
    func sameAsPostHogPython() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.python.path), "run scripts/install-posthog-python.sh")
        let server = try await PostHogCaptureServer.start()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let sink = try PostHogSink(
            configuration: PostHogConfiguration(
                apiKey: "phc_test", host: URL(string: server.origin)!, queueDirectory: directory.url,
                flushNotifications: []),
            clock: ManualClock()
        )
        // Event ids are UUIDv7, as the bridge makes them (version 7, variant 10).
        let ids = ["019ab2c0-8e40-7a3b-9c1d-2f3e4a5b6c7d", "019ab2c0-8e41-7b4c-8d2e-3f4a5b6c7d8e"]
        let events = [nil, "user-1"].enumerated().map { index, user in
            let id = ids[index]
            return AnalyticsEvent(
                name: "opened", id: id, timestamp: Date(timeIntervalSince1970: 1_795_392_000.25 + Double(index)),
                userID: user, deviceID: "device-1",
                properties: [
                    "eid": .string(id), "sid": "session-1", "screen": "home",
                    "ctx": ["surface": "feed", "page": "https://app.example/home", "frame": "main"],
                ]
            )
        }
        try await sink.record(events)
        #expect(await flushes(sink))
        await sink.close()
        let ours = server.events
        #expect(ours.map { $0["event"] } == ["opened", "$identify", "opened"])

        // The same items, through posthog-python.
        let input = JSONValue.array(
            ours.map { item in
                [
                    "event": item["event"]!, "distinct_id": item["distinct_id"]!, "uuid": item["uuid"]!,
                    "timestamp": item["timestamp"]!, "properties": item["properties"]!,
                ]
            })
        try runPython(input: input.jsonString, host: server.origin)
        #expect(server.refusedShapes.isEmpty, "\(server.refusedShapes)")
        // The sink's one batch, then posthog-python's (its consumer thread may send them in more than one).
        let batches = server.batches
        let theirBatches = batches.dropFirst()
        #expect(!theirBatches.isEmpty)
        let theirs = theirBatches.flatMap(\.events)
        #expect(
            theirBatches.allSatisfy {
                $0.contentEncoding == "gzip" && $0.userAgent?.hasPrefix("posthog-python/") == true
            })

        #expect(theirs.count == ours.count)
        for (mine, their) in zip(ours, theirs) {
            guard case .object(let mine) = mine, case .object(let their) = their else {
                Issue.record("not objects")
                continue
            }
            #expect(Set(mine.keys) == Set(their.keys), "the same keys in each item")
            for key in ["event", "uuid", "distinct_id"] { #expect(mine[key] == their[key], "\(key)") }
            #expect(
                sameInstant(mine["timestamp"], their["timestamp"]),
                "timestamp: the same instant, written to the millisecond or the microsecond")
            guard case .object(let myProperties)? = mine["properties"],
                case .object(let theirProperties)? = their["properties"]
            else {
                Issue.record("no properties")
                continue
            }
            #expect(Set(theirProperties.keys).subtracting(myProperties.keys) == Self.pythonOnlyProperties)
            #expect(
                Set(myProperties.keys).subtracting(theirProperties.keys).isEmpty,
                "posthog-python keeps every property the sink sends")
            for (key, value) in myProperties where !Self.differingValues.contains(key) {
                #expect(theirProperties[key] == value, "\(key)")
            }
            #expect(theirProperties["$lib"] == "posthog-python" && myProperties["$lib"] == "today-webview-bridge")
        }
    }

    private func sameInstant(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        func parse(_ value: JSONValue?) -> Date? {
            guard var text = value?.stringValue else { return nil }
            text = text.replacingOccurrences(of: "+00:00", with: "Z").replacing(/(\.\d{3})\d+/) { $0.output.1 }
            return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
        }
        return parse(a) != nil && parse(a) == parse(b)
    }

    private func runPython(input: String, host: String) throws {
        let process = Process()
        process.executableURL = Self.python
        process.arguments = [Self.script.path, host, "phc_test"]
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
