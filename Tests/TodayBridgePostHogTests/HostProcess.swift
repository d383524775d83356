#if canImport(TodayDemoBackend)
import Foundation
import TodayBridge

/// `today-bridge posthog` as a child process: lines in on standard input, lines out, and a
/// `kill -9` whenever the test wants. Reading and writing run on threads of their own.
final class HostProcess: @unchecked Sendable {
    // @unchecked: `process` and the pipes are set in `init` and only used through thread-safe
    // Foundation calls afterwards; `exit` is a lock.
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let exit = Locked<Int32?>(nil)

    /// Starts the command; `onLine` hears each line it prints, on the reading thread.
    init(arguments: [String], onLine: @escaping @Sendable (String, HostProcess) -> Void) throws {
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("today-bridge")
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        let exit = exit
        process.terminationHandler = { process in exit.withLock { $0 = process.terminationStatus } }
        try process.run()
        let output = output.fileHandleForReading
        Thread {
            var pending = Data()
            while case let chunk = output.availableData, !chunk.isEmpty {
                pending += chunk
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    onLine(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self), self)
                    pending = Data(pending[(newline + 1)...])
                }
            }
        }.start()
    }

    /// Writes `lines` on a thread of its own, then closes standard input if `thenClose`. Stops
    /// quietly once the process is gone.
    func write(_ lines: [String], thenClose: Bool) {
        let handle = input.fileHandleForWriting
        Thread {
            for start in stride(from: 0, to: lines.count, by: 100) {
                let chunk = lines[start..<min(start + 100, lines.count)].joined(separator: "\n") + "\n"
                do { try handle.write(contentsOf: Data(chunk.utf8)) } catch { return }
            }
            if thenClose { try? handle.close() }
        }.start()
    }

    /// `kill -9`.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
    }

    /// The exit status once the process has ended, waiting at most `seconds`; `nil` if it had
    /// not ended by then (it is then killed).
    func waitForExit(within seconds: Double) async -> Int32? {
        let ended = await eventually(within: seconds) { exit.withLock { $0 != nil } }
        if !ended { kill() }
        return exit.withLock { $0 }
    }
}
#endif
