import Foundation

/// Keeps two harmless warnings of headless runs out of standard error, and passes everything
/// else on: WebKit's web process cannot reach an accessibility bus (there is no desktop session
/// and no screen reader to serve), and says so on every start. The UI process is spared its own
/// warning with `GTK_A11Y=none`; the web process inherits this process's standard error, which
/// is why it is filtered here rather than configured away.
final class QuietStandardError {
    /// The lines dropped, as they begin after GLib's `** (process:N): WARNING **: time: ` prefix.
    static let harmless = ["Can't connect to a11y bus"]

    private let original: Int32

    /// Routes standard error through the filter, for this process and the processes it starts,
    /// until ``restore()``.
    init() {
        setenv("GTK_A11Y", "none", 1)
        original = dup(STDERR_FILENO)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        dup2(ends[1], STDERR_FILENO)
        close(ends[1])
        let (input, output) = (ends[0], original)
        Thread {
            Self.forward(from: input, to: output)
        }.start()
    }

    /// Sends this process's standard error straight to where it went before.
    func restore() {
        dup2(original, STDERR_FILENO)
    }

    /// Copies lines from `input` to `output`, dropping the harmless ones and the blank line GLib
    /// writes before each.
    private static func forward(from input: Int32, to output: Int32) {
        let reader = FileHandle(fileDescriptor: input, closeOnDealloc: true)
        var pending = Data()
        var heldBlank = false
        while case let chunk = reader.availableData, !chunk.isEmpty {
            pending += chunk
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[pending.startIndex...newline]
                pending = Data(pending[(newline + 1)...])
                if line.count == 1 {
                    if heldBlank { write(output, "\n") }
                    heldBlank = true
                    continue
                }
                let text = String(decoding: line, as: UTF8.self)
                if !harmless.contains(where: text.contains) {
                    if heldBlank { write(output, "\n") }
                    write(output, text)
                }
                heldBlank = false
            }
        }
    }

    private static func write(_ descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }
}
