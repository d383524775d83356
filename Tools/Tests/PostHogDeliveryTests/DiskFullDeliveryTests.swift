#if os(Linux)
import Foundation
import Testing
import TodayBridge
@_spi(Tools) import TodayBridgeTesting
import TodayDemoBackend
import ToolSupport

/// The disk fills for real: `today-bridge posthog` runs under a file-size limit (`prlimit`, util-linux:
/// `setrlimit(RLIMIT_FSIZE)` in the child, which ignores `SIGXFSZ`), so the kernel fails the
/// journal's writes past it with `EFBIG`, as it fails them with `ENOSPC` on a full disk.
@Suite("PostHog delivery through a full disk")
struct DiskFullDeliveryTests {
    static let prlimit = "/usr/bin/prlimit"
    /// The largest file the child may write: a few hundred events' worth of journal segment.
    static let fileSizeLimit = 64 << 10
    static let eventsWhileFull = 1_000
    static let eventsAfter = 100
    static let cli = TodayBridgeExecutable.path

    /// What the child said about each event, in order.
    private struct Answers {
        var queued: [String] = []
        var notQueued: [String] = []
        var flushed = false
        var count: Int { queued.count + notQueued.count }
    }

    private static func line(_ id: String, _ index: Int) -> String {
        #"{"name":"step","id":"\#(id)","timestamp":1795392000000,"deviceID":"device-1","properties":{"eid":"\#(id)","index":\#(index)}}"#
    }

    @Test(
        "T1 the journal fills (EFBIG under a file-size limit) while PostHog is down: every event is answered, one diagnostic, what was queued is delivered undamaged, appends resume once delivery frees the space"
    )
    func diskFull() async throws {
        // util-linux is essential on Debian: a missing prlimit fails the test instead of skipping it.
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.prlimit), "\(Self.prlimit) (util-linux) is missing")
        let server = try await PostHogCaptureServer.start()
        defer { server.stop() }
        let postHogDown = Locked(true)
        server.injectFaults { _ in postHogDown.withLock { $0 } ? .status(503) : nil }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let answers = Locked(Answers())
        let child = ChildProcess(
            executable: Self.prlimit,
            arguments: [
                "--fsize=\(Self.fileSizeLimit)", "--", Self.cli,
                "posthog", "--queue", directory.url.path, "--host", server.origin, "--api-key", "phc_test",
                "--batch-size", "50", "--flush-interval", "0.2", "--retry-delay", "0.05", "--request-timeout", "5",
            ]
        ) { line in
            answers.withLock { answers in
                if line.hasPrefix("queued ") { answers.queued.append(String(line.dropFirst(7))) }
                if line.hasPrefix("not queued ") { answers.notQueued.append(String(line.dropFirst(11))) }
                if line == "flushed" { answers.flushed = true }
            }
        }
        var sent: [String: String] = [:]  // id -> line
        func send(_ count: Int, thenClose: Bool = false) {
            let ids = (0..<count).map { _ in UUID().uuidString.lowercased() }
            let lines = ids.enumerated().map { Self.line($1, sent.count + $0) }
            for (id, line) in zip(ids, lines) { sent[id] = line }
            child.write(lines, thenClose: thenClose)
        }

        // 1. The disk fills: PostHog refuses everything, so the journal grows to the limit.
        send(Self.eventsWhileFull)
        #expect(
            await eventually(within: 60) { answers.withLock { $0.count } == Self.eventsWhileFull },
            "every event is answered (T1)")
        let whileFull = answers.withLock { $0 }
        #expect(whileFull.queued.count > 0 && whileFull.notQueued.count > 0, "the limit is reached mid-run")
        #expect(server.events.isEmpty)

        // 2. The space returns: PostHog answers again, delivery empties the journal and frees its segment.
        let restoredAt = ContinuousClock.now
        postHogDown.withLock { $0 = false }
        var probes = 0
        var resumedAfter: Duration?
        while resumedAfter == nil && probes < 600 {
            let before = answers.withLock { $0.count }
            send(1)
            probes += 1
            _ = await eventually(within: 5) { answers.withLock { $0.count } > before }
            // A small append may still squeeze into the room left; the episode ends (the sink logs
            // it) at the first append after delivery emptied the journal.
            if child.standardError.contains("the PostHog queue writes again") {
                resumedAfter = ContinuousClock.now - restoredAt
            } else {
                try await Task.sleep(nanoseconds: 20_000_000)
            }
        }
        #expect(resumedAfter != nil, "appends resume once the delivered journal gives its space back")

        // 3. Appends work as before, and the end of the input flushes everything.
        let beforeAfter = answers.withLock { $0.queued.count }
        send(Self.eventsAfter, thenClose: true)
        let status = await child.waitForExit(within: 120)
        let final = answers.withLock { $0 }
        #expect(status == 0)
        #expect(final.flushed)
        #expect(final.queued.count - beforeAfter == Self.eventsAfter, "nothing refused once the space is back")

        let received = server.events
        let delivered = Set(received.compactMap { $0["uuid"]?.stringValue })
        let acknowledged = Set(final.queued)
        let lost = acknowledged.subtracting(delivered)
        let unacknowledged = delivered.subtracting(acknowledged)
        let damaged = received.filter { event in
            guard let id = event["uuid"]?.stringValue, let line = sent[id],
                let original = try? JSONValue(parsing: line)
            else { return true }
            return event["properties"]?["index"] != original["properties"]?["index"]
                || event["properties"]?["eid"]?.stringValue != id
        }
        // The command prints each of the sink's diagnostics as a line of its own (the log has them too).
        let diagnostics = child.standardError.split(separator: "\n").filter { $0.hasPrefix("[analyticsFailed]") }
        print(
            "disk-full delivery: events in \(sent.count), acknowledged \(acknowledged.count) (while full \(whileFull.queued.count)), "
                + "not queued \(final.notQueued.count), delivered \(delivered.count) distinct of \(received.count), lost \(lost.count), "
                + "unacknowledged delivered \(unacknowledged.count), damaged \(damaged.count), analyticsFailed diagnostics \(diagnostics.count), "
                + "probes \(probes), appends resumed \(resumedAfter.map { "\($0)" } ?? "never") after PostHog came back"
        )
        #expect(lost.isEmpty, "every acknowledged event is delivered")
        #expect(unacknowledged.isEmpty, "no event whose append failed is delivered")
        #expect(damaged.isEmpty)
        #expect(server.refusedShapes.isEmpty)
        #expect(diagnostics.count == 1, "one diagnostic for the whole episode: \(diagnostics)")
    }
}
#endif
