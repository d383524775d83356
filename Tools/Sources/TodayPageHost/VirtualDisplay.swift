import Foundation

/// An Xvfb server of our own, for running a web view without a screen.
///
/// It lives no longer than this process, however this process ends (a signal, `kill -9`): Linux
/// sends it `SIGKILL` when the thread that started it ends (`setpriv --pdeathsig`), so that thread
/// must keep running while the display is in use, as ``GTKPageRunner`` does: it starts the display
/// and runs the page's main loop on the same thread.
final class VirtualDisplay {
    private let server: Process

    /// Starts Xvfb on a free display and points `DISPLAY` at it.
    init() throws {
        let displayPipe = Pipe()
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        // -displayfd picks a free display and writes its number to the pipe (fd 3 in the child).
        server.arguments = [
            "--pdeathsig", "KILL", "--", "/usr/bin/Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten",
            "tcp",
        ]
        server.standardOutput = displayPipe
        server.standardError = FileHandle.nullDevice
        try server.run()
        let number = String(decoding: displayPipe.fileHandleForReading.readLine(), as: UTF8.self)
        guard let display = Int(number.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            server.terminate()
            throw VirtualDisplayError.noDisplay
        }
        setenv("DISPLAY", ":\(display)", 1)
        setenv("GDK_BACKEND", "x11", 1)
    }

    deinit {
        // The child inherits a signal mask that blocks SIGTERM, so only SIGKILL ends it.
        // Foundation reaps it; waiting here could block the main thread for good.
        kill(server.processIdentifier, SIGKILL)
    }
}

enum VirtualDisplayError: Error, CustomStringConvertible {
    case noDisplay
    var description: String { "Xvfb did not start (is the xvfb package installed?)" }
}

extension FileHandle {
    /// Reads bytes up to the next newline or the end.
    fileprivate func readLine() -> [UInt8] {
        var line: [UInt8] = []
        while let byte = try? read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        return line
    }
}
