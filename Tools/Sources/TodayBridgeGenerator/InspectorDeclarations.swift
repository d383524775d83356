@_spi(Tools) import TodayBridge
import TodayBridgeInspector

/// What the traffic inspector's page reads, as the generator declares it for the page
/// (`Tools/inspector/src/configuration.generated.ts`, X5, X6): the recording and the page's
/// configuration. The inspector's own file, so that it imports nothing of the host scripts'.
enum InspectorDeclarations {
    /// Every declaration, in the order of the generated file.
    static let all: [WireContract.Declaration] = [
        WireContract.Declaration(TrafficRecord.self, "One trace of a recording (X5)."),
        WireContract.Declaration(TrafficRecordingHeader.self, "A recording's first line (X5)."),
        WireContract.Declaration(InspectorConfiguration.self, "`timeline.ts`: the traffic inspector's page (X5)."),
    ]
}
