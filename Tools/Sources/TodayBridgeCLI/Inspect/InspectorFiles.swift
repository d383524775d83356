import Foundation
@_spi(Tools) import TodayBridge
import TodayBridgeInspector

/// Where a recording goes: `--inspect PATH` writes `PATH.jsonl` and `PATH.html` side by side, a
/// `.jsonl` or `.html` extension on PATH dropped first (`traffic`, `traffic.jsonl` and
/// `traffic.html` all give `traffic.jsonl` and `traffic.html`).
struct InspectorFiles {
    let jsonLines: URL
    let html: URL

    init(_ path: String) {
        var base = URL(fileURLWithPath: path)
        if ["jsonl", "html"].contains(base.pathExtension) { base.deletePathExtension() }
        jsonLines = base.appendingPathExtension("jsonl")
        html = base.appendingPathExtension("html")
    }

    /// Writes the recording as JSON lines and as the HTML timeline, creating the folder.
    func write(_ recording: TrafficRecording, title: String) throws {
        try FileManager.default.createDirectory(
            at: jsonLines.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(recording.jsonLines().utf8).write(to: jsonLines)
        try Data(InspectorPage.html(recording, title: title).utf8).write(to: html)
    }

    /// Stops `recorder` and writes what it kept to `path` (`--inspect`), titled after `page`'s
    /// origin and path (never its query or fragment); says where on standard error.
    static func save(_ recorder: TrafficRecorder, to path: String, page: URL) throws {
        recorder.stop()
        let files = InspectorFiles(path)
        try files.write(recorder.recording, title: "Bridge traffic · " + (PageLocation(url: page)?.redacted ?? "page"))
        printToStandardError("today-bridge: traffic recorded to \(files.jsonLines.path) and \(files.html.path)")
    }
}
