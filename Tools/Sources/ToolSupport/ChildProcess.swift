import Foundation
import Subprocess
import TodayBridge

/// A child process of a test or tool: its standard output read line by line while it runs (a
/// chatty child never blocks on a full pipe), its standard error collected, its standard input
/// written on request, and a signal (`kill -9` or any other) whenever the caller wants. A tool of
/// this project it starts ends with this process (``ParentLifetime``).
///
/// ```swift
/// let child = try ChildProcess(executable: "/usr/bin/cat") { line in print(line) }
/// child.write(["hello"], thenClose: true)
/// let status = await child.waitForExit(within: 10)
/// ```
package final class ChildProcess: Sendable {
    private struct Write: Sendable {
        var lines: [String]
        var thenClose: Bool
    }

    // Signals have a stream and a task of their own, so that a kill never waits behind a write to
    // a child that stopped reading.
    private let writes: AsyncStream<Write>.Continuation
    private let signals: AsyncStream<Signal>.Continuation
    private let run: Task<Int32, any Error>
    private let errors = Locked("")
    private let started = Locked<pid_t?>(nil)

    /// Starts `executable`; `onLine` hears each line it prints, on a reading task.
    ///
    /// - Parameters:
    ///   - environment: Variables to set (a value) or remove (`nil`) in the inherited environment.
    ///   - workingDirectory: Where the child runs; this process's directory when `nil`.
    /// Writing to a child that ended must fail the write, not end this process with SIGPIPE: set
    /// once, before the first child starts.
    private static let brokenPipesFailWrites: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    package init(
        executable: String,
        arguments: [String] = [],
        environment: [String: String?] = [:],
        workingDirectory: String? = nil,
        onLine: @escaping @Sendable (String) -> Void
    ) {
        Self.brokenPipesFailWrites
        let (writeStream, writes) = AsyncStream.makeStream(of: Write.self)
        let (signalStream, signals) = AsyncStream.makeStream(of: Signal.self)
        self.writes = writes
        self.signals = signals
        let errors = errors
        let started = started
        var changes: [Environment.Key: String?] = [:]
        for (key, value) in ParentLifetime.childEnvironment.merging(environment, uniquingKeysWith: { $1 }) {
            changes[Environment.Key(stringLiteral: key)] = value
        }
        run = Task {
            let result = try await Subprocess.run(
                .path(.init(executable)), arguments: Arguments(arguments), environment: .inherit.updating(changes),
                workingDirectory: workingDirectory.map { .init($0) },
                input: .inputWriter, output: .sequence, error: .sequence
            ) { execution in
                started.withLock { $0 = execution.processIdentifier.value }
                return try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await line in execution.standardOutput.strings(
                            bufferingPolicy: .maxLineLength(64 << 20))
                        { onLine(line) }
                    }
                    group.addTask {
                        for try await line in execution.standardError.strings() {
                            errors.withLock { if $0.utf8.count < 1 << 20 { $0 += line + "\n" } }
                        }
                    }
                    group.addTask {
                        for await write in writeStream {
                            do {
                                for start in stride(from: 0, to: write.lines.count, by: 100) {
                                    let chunk = write.lines[start..<min(start + 100, write.lines.count)]
                                    _ = try await execution.standardInputWriter.write(
                                        chunk.joined(separator: "\n") + "\n")
                                }
                                if write.thenClose { try await execution.standardInputWriter.finish() }
                            } catch {
                                // The child is gone or closed its input: nothing more to write.
                            }
                        }
                    }
                    group.addTask {
                        for await signal in signalStream { try? execution.send(signal: signal) }
                    }
                    // Both outputs end when the child exits; then stop serving writes and signals.
                    try await group.next()
                    try await group.next()
                    group.cancelAll()
                }
            }
            switch result.terminationStatus {
            case .exited(let code): return code
            case .signaled(let signal): return 128 + signal
            }
        }
    }

    /// Writes `lines` to standard input, then closes it if `thenClose`. Quietly does nothing
    /// once the child is gone.
    package func write(_ lines: [String], thenClose: Bool = false) {
        writes.yield(Write(lines: lines, thenClose: thenClose))
    }

    /// `kill -9`.
    package func kill() {
        send(.kill)
    }

    /// Sends `signal` to the child; nothing once it is gone.
    package func send(_ signal: Signal) {
        signals.yield(signal)
    }

    /// The child's process id, once it started.
    package var processIdentifier: pid_t? {
        started.withLock { $0 }
    }

    /// What the child wrote to standard error so far (at most about 1 MiB).
    package var standardError: String {
        errors.withLock { $0 }
    }

    /// The exit status (128 + N after signal N), waiting at most `seconds`; `nil` if the child
    /// had not ended by then, in which case it is killed (and waited for at most 30 s more).
    package func waitForExit(within seconds: Double) async -> Int32? {
        defer { finishServing() }
        let run = run
        if await completes(within: seconds, Task { _ = try? await run.value }) { return try? await run.value }
        kill()
        _ = await completes(within: 30, Task { _ = try? await run.value })
        return nil
    }

    /// The exit status once the child ends by itself; throws when it could not be started.
    package func exitStatus() async throws -> Int32 {
        defer { finishServing() }
        return try await run.value
    }

    private func finishServing() {
        writes.finish()
        signals.finish()
    }
}

extension ChildProcess {
    /// What a finished child printed and how it ended.
    package struct Completed: Sendable {
        /// The exit status (128 + N after signal N); `nil` when it ran out of time and was killed.
        package var status: Int32?
        package var lines: [String]
        package var standardError: String
    }

    /// Runs `executable` to its end, at most `seconds` (then it is killed).
    package static func run(
        _ executable: String,
        arguments: [String] = [],
        environment: [String: String?] = [:],
        workingDirectory: String? = nil,
        within seconds: Double = 600
    ) async -> Completed {
        let lines = Locked<[String]>([])
        let child = ChildProcess(
            executable: executable, arguments: arguments, environment: environment, workingDirectory: workingDirectory
        ) { line in
            lines.withLock { $0.append(line) }
        }
        let status = await child.waitForExit(within: seconds)
        return Completed(status: status, lines: lines.withLock { $0 }, standardError: child.standardError)
    }
}
