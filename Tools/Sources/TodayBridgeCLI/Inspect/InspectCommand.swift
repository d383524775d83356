import ArgumentParser
import Foundation
@_spi(Tools) import TodayBridge
import TodayBridgeInspector

/// `today-bridge inspect RECORDING.jsonl`: renders a traffic recording as an HTML timeline.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Render a traffic recording (JSON lines) as a self-contained HTML timeline.",
        discussion: """
            Reads what `open --inspect` or TrafficRecorder.jsonLines() wrote and writes the page \
            beside it (RECORDING.html), or where --output says. Prints the page's path.
            """
    )

    @Argument(help: "The recording, as JSON lines.")
    var recording: String

    @Option(help: "Where to write the page (default: the recording's path with .html).")
    var output: String?

    @Option(help: "The page's title.")
    var title = "Bridge traffic"

    func run() throws {
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        let read: TrafficRecording
        do {
            read = try TrafficRecording(jsonLines: text)
        } catch {
            throw ValidationError("\(recording): \(error)")
        }
        let page = output.map { URL(fileURLWithPath: $0) } ?? InspectorFiles(recording).html
        try Data(InspectorPage.html(read, title: title).utf8).write(to: page)
        print(page.path)
    }
}
