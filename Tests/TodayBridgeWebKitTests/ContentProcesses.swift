#if os(Linux)
import Foundation
import Glibc

/// The WebKitGTK web content processes among this test process's descendants, found in `/proc`:
/// a test kills the ones its own view started (those not there before it made the view) to stand
/// for a crash or the system reclaiming the process's memory (WebKit's `Crash` reason).
enum ContentProcesses {
    /// The web content processes now running below this process.
    static func running() -> Set<pid_t> {
        var parents: [pid_t: pid_t] = [:]
        var commands: [pid_t: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After the command's name in parentheses: the state, then the parent's PID.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, let parent = pid_t(fields[1]) else { continue }
            parents[pid] = parent
            let arguments = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(name)/cmdline"))) ?? Data()
            commands[pid] = String(decoding: arguments.prefix { $0 != 0 }, as: UTF8.self)
        }
        let me = getpid()
        func descends(_ pid: pid_t) -> Bool {
            var current = parents[pid]
            while let parent = current, parent > 1 {
                if parent == me { return true }
                current = parents[parent]
            }
            return false
        }
        return Set(commands.filter { $0.value.hasSuffix("/WebKitWebProcess") && descends($0.key) }.keys)
    }

    /// Kills (SIGKILL) the content processes started since `before`; returns how many.
    @discardableResult
    static func kill(startedSince before: Set<pid_t>) -> Int {
        signal(SIGKILL, startedSince: before)
    }

    /// Sends `signal` to the content processes started since `before`; returns how many.
    /// `SIGSTOP` suspends them as iOS suspends a process WebKit holds no assertion for, and
    /// `SIGCONT` lets them run again.
    @discardableResult
    static func signal(_ signal: Int32, startedSince before: Set<pid_t>) -> Int {
        let targets = running().subtracting(before)
        for target in targets { Glibc.kill(target, signal) }  // ours: this test's view started them
        return targets.count
    }
}
#endif
