#if os(Linux)
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Debian's `chromium`, headless, speaking CDP over `--remote-debugging-pipe`: the host writes
/// NUL-terminated JSON to the browser's fd 3 and reads its answers from fd 4.
final class ChromiumProcess: Sendable {
    /// The browser's process id.
    let pid: pid_t
    /// Where the host writes commands (the browser's fd 3).
    let commands: FileHandle
    /// Where the browser writes answers and events (its fd 4).
    let answers: FileHandle
    private let profile: URL

    /// Starts the browser; `extraArguments` are added to the command line.
    init(executable: String = "/usr/bin/chromium", extraArguments: [String] = []) throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("today-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw ChromiumError.launchFailed("pipe") }

        // Foundation's Process closes fds >= 3 in the child, so spawn directly with file actions.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        let devNull = open("/dev/null", O_WRONLY)
        defer { close(devNull) }
        posix_spawn_file_actions_adddup2(&actions, devNull, 1)
        posix_spawn_file_actions_adddup2(&actions, devNull, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

        let arguments = [executable, "--headless=new", "--no-sandbox", "--remote-debugging-pipe", "--no-first-run",
                         "--disable-gpu", "--user-data-dir=\(profile.path)"] + extraArguments + ["about:blank"]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child = pid_t()
        let status = posix_spawn(&child, executable, &actions, &attributes, &argv, environ)
        close(toBrowser[0])
        close(fromBrowser[1])
        guard status == 0 else {
            close(toBrowser[1])
            close(fromBrowser[0])
            throw ChromiumError.launchFailed("posix_spawn: \(String(cString: strerror(status)))")
        }
        pid = child
        commands = FileHandle(fileDescriptor: toBrowser[1], closeOnDealloc: true)
        answers = FileHandle(fileDescriptor: fromBrowser[0], closeOnDealloc: true)
    }

    /// Ends the browser and removes its profile.
    func terminate() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: profile)
    }
}

/// Why the Chromium host could not do something.
public enum ChromiumError: Error, CustomStringConvertible {
    case launchFailed(String)
    case protocolError(String)
    case browserGone

    public var description: String {
        switch self {
        case .launchFailed(let reason): "chromium did not start (\(reason)); is the chromium package installed?"
        case .protocolError(let message): "DevTools protocol error: \(message)"
        case .browserGone: "the browser is gone"
        }
    }
}
#endif
