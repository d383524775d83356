import Foundation
import Testing
import TodayBridge
@_spi(Tools) import TodayBridgeTesting
import TodayDemoBackend
import ToolSupport

@Suite("PostHog delivery through kill -9 and a failing server")
struct KillAndRestartDeliveryTests {
    static let eventCount = 10_000
    static let killAfterAcks = 3_000
    static let cli = TodayBridgeExecutable.path

    /// Every third request fails, in turn with 500, a dropped connection, 503 and 429.
    static func faults(_ request: Int) -> CaptureFault? {
        guard request % 3 == 0 else { return nil }
        return [.status(500), .dropConnection, .status(503), .status(429, retryAfter: "0")][(request / 3) % 4]
    }

    @Test(
        "T1 10,000 events, the host killed twice mid-stream, a third of requests failing: all delivered, duplicates share their uuid"
    )
    func killedTwice() async throws {
        signal(SIGPIPE, SIG_IGN)  // writing to a killed host must fail the write, not the test
        let server = try await PostHogCaptureServer.start()
        defer { server.stop() }
        server.injectFaults(Self.faults)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let events = (0..<Self.eventCount).map { index in
            let id = UUID().uuidString.lowercased()
            let line =
                #"{"name":"step","id":"\#(id)","timestamp":1795392000000,"deviceID":"device-1","properties":{"eid":"\#(id)","index":\#(index)}}"#
            return (id: id, line: line)
        }
        let acknowledged = Locked<Set<String>>([])
        var acknowledgedPerRun: [Int] = []

        for run in 0..<3 {
            let isLast = run == 2
            let before = acknowledged.withLock { $0.count }
            let pending = events.filter { event in !acknowledged.withLock { $0.contains(event.id) } }
            let flushed = Locked(false)
            let running = Locked<ChildProcess?>(nil)
            let host = ChildProcess(
                executable: Self.cli,
                arguments: [
                    "posthog", "--queue", directory.url.path, "--host", server.origin, "--api-key", "phc_test",
                    "--batch-size", "100", "--flush-interval", "0.2", "--retry-delay", "0.05", "--request-timeout", "5",
                    "--max-queued", "20000",
                ]
            ) { line in
                if line.hasPrefix("queued ") {
                    let count = acknowledged.withLock { set in
                        set.insert(String(line.dropFirst(7)))
                        return set.count
                    }
                    if !isLast && count - before >= Self.killAfterAcks { running.withLock { $0?.kill() } }
                } else if line == "flushed" {
                    flushed.withLock { $0 = true }
                }
            }
            running.withLock { $0 = host }
            host.write(pending.map(\.line), thenClose: isLast)
            let status = await host.waitForExit(within: 180)
            if isLast {
                #expect(status == 0)
                #expect(flushed.withLock { $0 })
            } else {
                #expect(status == 128 + SIGKILL)
            }
            acknowledgedPerRun.append(acknowledged.withLock { $0.count } - before)
        }

        let received = server.events
        var copies: [String: [JSONValue]] = [:]
        for event in received { copies[event["uuid"]?.stringValue ?? "", default: []].append(event) }
        let allIDs = Set(events.map(\.id))
        print(
            "kill-and-fail delivery: acknowledged per run \(acknowledgedPerRun), requests \(server.requestCount), "
                + "events received \(received.count), distinct \(copies.count), duplicates \(received.count - copies.count)"
        )
        #expect(acknowledged.withLock { $0 } == allIDs)
        #expect(Set(copies.keys) == allIDs)
        #expect(
            copies.values.allSatisfy { Set($0.map(\.jsonString)).count == 1 }, "a duplicate differs from its original")
        #expect(server.refusedShapes.isEmpty)
        #expect(server.requestCount >= 3 * 33)
    }
}
