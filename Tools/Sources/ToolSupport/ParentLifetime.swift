import Foundation

/// Ties a tool's life to the process that started it through ``ChildProcess``: a host page
/// started by `today-bridge conformance`, by a benchmark or by a test ends when its parent ends,
/// however the parent ended (a signal, `kill -9`), and with it what it started (Xvfb, the engine's
/// processes).
///
/// ``ChildProcess`` names its own process in the child's environment; a tool that calls
/// ``endWithParentWhenAsked()`` at start then watches its parent, and exits once it is not that
/// process's child any more (orphans are adopted by another process). A tool started any other
/// way (from a shell, under `nohup`) is not asked, and runs as long as it likes.
package enum ParentLifetime {
    /// The environment variable holding the parent's process id; a caller whose child starts the
    /// tool through another process (`script`, a shell) removes it, or the tool ends at once.
    package static let variable = "TODAY_BRIDGE_END_WITH_PARENT"

    /// What ``ChildProcess`` adds to a child's environment.
    static var childEnvironment: [String: String?] { [variable: String(getpid())] }

    /// Exits when the process that started this one ends, if it asked (see ``ParentLifetime``);
    /// checks four times a second, on a thread of its own. Removes the variable, so that this
    /// process's own children are not taken for its parent's.
    package static func endWithParentWhenAsked() {
        guard let value = ProcessInfo.processInfo.environment[variable], let parent = pid_t(value) else { return }
        unsetenv(variable)
        let watcher = Thread {
            while getppid() == parent { usleep(250_000) }
            _exit(0)  // the parent is gone: nobody reads this process's status
        }
        watcher.name = "today-bridge-parent-watch"
        watcher.start()
    }
}
