import Foundation

/// What a long command is doing, for a person watching: lines on standard error when it is a
/// terminal, nothing when it is piped or redirected (a script, a log, a test), where only the
/// command's output and its errors go. `conformance` and `open` report through it.
struct TerminalProgress: Sendable {
    /// Whether the lines are written: standard error is a terminal.
    let isShown: Bool

    init(isShown: Bool = isatty(STDERR_FILENO) == 1) {
        self.isShown = isShown
    }

    /// Writes `today-bridge: LINE` to standard error when shown.
    func report(_ line: @autoclosure () -> String) {
        if isShown { printToStandardError("today-bridge: " + line()) }
    }
}
