import Foundation
import Testing
import TodayBridge
@_spi(Tools) import TodayBridgeTesting
import TodayDemoBackend
import ToolSupport

/// `today-bridge posthog` takes its API key from the environment, where other users of the
/// machine cannot read it (a command line is in every user's `ps`).
@Suite("today-bridge posthog: the API key from POSTHOG_API_KEY")
struct PostHogCommandTests {
    static let cli = TodayBridgeExecutable.path

    /// Runs `posthog` against `server` with one event on standard input (its `eid` the event id, as
    /// the bridge sends it) and `environment`.
    static func deliver(
        to server: PostHogCaptureServer, extra: [String] = [], environment: [String: String?]
    ) async throws -> (status: Int32?, errors: String, lines: [String]) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lines = Locked<[String]>([])
        let host = ChildProcess(
            executable: cli,
            arguments: ["posthog", "--queue", directory.url.path, "--host", server.origin, "--flush-interval", "0.1"]
                + extra,
            environment: environment
        ) { line in lines.withLock { $0.append(line) } }
        let id = UUID().uuidString.lowercased()
        host.write(
            [
                #"{"name":"opened","id":"\#(id)","timestamp":1795392000000,"deviceID":"device-1","properties":{"eid":"\#(id)"}}"#
            ], thenClose: true)
        let status = await host.waitForExit(within: 60)
        return (status, host.standardError, lines.withLock { $0 })
    }

    @Test("T1 the key comes from POSTHOG_API_KEY without --api-key")
    func keyFromTheEnvironment() async throws {
        let server = try await PostHogCaptureServer.start()
        defer { server.stop() }
        let run = try await Self.deliver(to: server, environment: ["POSTHOG_API_KEY": "phc_from_environment"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.lines.last == "flushed")
        #expect(server.batches.map(\.apiKey) == ["phc_from_environment"], "\(run.lines) \(run.errors)")
    }

    @Test("T1 --api-key wins over POSTHOG_API_KEY")
    func optionWins() async throws {
        let server = try await PostHogCaptureServer.start()
        defer { server.stop() }
        let run = try await Self.deliver(
            to: server, extra: ["--api-key", "phc_option"], environment: ["POSTHOG_API_KEY": "phc_from_environment"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(server.batches.map(\.apiKey) == ["phc_option"], "\(run.lines) \(run.errors)")
    }

    @Test("T1 with neither, a usage error naming POSTHOG_API_KEY, and nothing sent", arguments: [nil, ""] as [String?])
    func noKey(environmentValue: String?) async throws {
        let server = try await PostHogCaptureServer.start()
        defer { server.stop() }
        let run = try await Self.deliver(to: server, environment: ["POSTHOG_API_KEY": environmentValue])
        #expect(run.status == 64)
        #expect(run.errors.contains("no API key: set POSTHOG_API_KEY"), "\(run.errors)")
        #expect(server.requestCount == 0)
    }
}
