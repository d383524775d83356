import ArgumentParser
import Foundation
import TodayBridge
import TodayBridgePostHog

/// `today-bridge posthog`: queues events from standard input in a PostHog sink's on-disk queue
/// and delivers them; the kill-and-restart delivery test drives it, and it can empty a queue an
/// app left behind.
struct PostHogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "posthog",
        abstract: "Queue analytics events (JSON lines on standard input) durably and deliver them to PostHog.",
        discussion: """
            Each input line is an event: {"name": "…", "id": "<uuid>", "timestamp": <epoch ms>, \
            "deviceID": "…", "userID": "…" (optional), "properties": {…}}. Once an event is on disk \
            the command prints `queued <id>`; when the queue cannot take it (a full disk, a file-size \
            limit: SIGXFSZ is ignored, so writes fail with EFBIG) it prints `not queued <id>` and goes \
            on. At the end of the input it delivers everything still queued, prints `flushed`, and \
            exits. With no input it only delivers what the queue holds. The project API key comes \
            from POSTHOG_API_KEY in the environment, or --api-key.
            """
    )

    @Option(help: "The queue directory.")
    var queue: String

    @Option(help: "The PostHog host, e.g. https://us.i.posthog.com.")
    var host: String

    @Option(
        help:
            "The project API key. Better in the environment, POSTHOG_API_KEY, where other users cannot see it (a command line is visible to every user of the machine); the option wins when both are given."
    )
    var apiKey: String?

    @Option(help: "Events per request.")
    var batchSize = 50

    @Option(help: "Seconds before a partial batch is sent.")
    var flushInterval = 10.0

    @Option(help: "Seconds before the first retry; doubles per failure.")
    var retryDelay = 1.0

    @Option(help: "Seconds a request may take.")
    var requestTimeout = 30.0

    @Option(help: "Events kept on disk at most.")
    var maxQueued = 10_000

    @Option(help: "Events queued concurrently at most.")
    var concurrency = 256

    /// The environment variable the API key is read from without `--api-key`.
    static let apiKeyVariable = "POSTHOG_API_KEY"

    /// `--api-key`, else `POSTHOG_API_KEY`; `nil` when neither gives one.
    private var resolvedAPIKey: String? {
        let key = apiKey ?? ProcessInfo.processInfo.environment[Self.apiKeyVariable]
        return key?.isEmpty == false ? key : nil
    }

    /// Checks the arguments before anything starts: a mistake is a usage error (exit 64).
    func validate() throws {
        guard resolvedAPIKey != nil else {
            throw ValidationError("no API key: set \(Self.apiKeyVariable) (or give --api-key)")
        }
        guard let url = URL(string: host), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw ValidationError("not an http(s) URL: \(host)")
        }
        if batchSize < 1 { throw ValidationError("--batch-size must be at least 1") }
        if maxQueued < 1 { throw ValidationError("--max-queued must be at least 1") }
        if concurrency < 1 { throw ValidationError("--concurrency must be at least 1") }
        if !(flushInterval > 0) || !(retryDelay > 0) || !(requestTimeout > 0) {
            throw ValidationError("--flush-interval, --retry-delay and --request-timeout must be positive")
        }
    }

    func run() async throws {
        // validate() checked both
        guard let apiKey = resolvedAPIKey, let hostURL = URL(string: host) else { throw ExitCode.validationFailure }
        signal(SIGXFSZ, SIG_IGN)  // past a file-size limit a write fails (EFBIG) instead of ending the process
        let sink = try PostHogSink(
            configuration: PostHogConfiguration(
                apiKey: apiKey, host: hostURL, queueDirectory: URL(fileURLWithPath: queue),
                batchSize: batchSize, flushInterval: flushInterval, maxQueuedEvents: maxQueued,
                requestTimeout: requestTimeout,
                retry: PostHogRetryPolicy(initialDelay: retryDelay, maxDelay: max(retryDelay, 30))
            ))
        let diagnostics = Task {
            for await diagnostic in sink.diagnostics() { printToStandardError(diagnostic.description) }
        }
        await withTaskGroup(of: Void.self) { group in
            var running = 0
            for await line in StandardInputLines.stream() {
                if running >= concurrency {
                    await group.next()
                    running -= 1
                }
                running += 1
                group.addTask { await queueEvent(line, in: sink) }
            }
        }
        await sink.flush()
        printLine("flushed")
        await sink.close()
        diagnostics.cancel()
    }

    private func queueEvent(_ line: String, in sink: PostHogSink) async {
        let event: AnalyticsEvent
        do {
            event = try JSONDecoder().decode(EventLine.self, from: Data(line.utf8)).event
        } catch {
            return printToStandardError("event not queued: \(error)")
        }
        do {
            try await sink.record(event)
            printLine("queued \(event.id)")
        } catch {
            printLine("not queued \(event.id)")  // why: the sink's diagnostic, once per run of failures
        }
    }

    /// One whole line in one `write`, so concurrent lines never interleave.
    private func printLine(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// An input line.
private struct EventLine: Decodable {
    var name: String
    var id: String
    var timestamp: Double
    var deviceID: String
    var userID: String?
    var properties: [String: JSONValue]

    var event: AnalyticsEvent {
        AnalyticsEvent(
            name: name, id: id, timestamp: Date(timeIntervalSince1970: timestamp / 1000),
            userID: userID, deviceID: deviceID, properties: properties
        )
    }
}

/// Standard input as lines, read on a thread of its own so no task blocks on it.
private enum StandardInputLines {
    static func stream() -> AsyncStream<String> {
        AsyncStream { continuation in
            Thread {
                while let line = readLine() { continuation.yield(line) }
                continuation.finish()
            }.start()
        }
    }
}
