import Foundation
import TodayBridge

/// The demo app's own part of the bridge, defined once: its capability (X1), its event (X3) and
/// the page handler it calls (X4). The demo host registers them; `TodayDemoTests` keeps the demo
/// page's generated types, `web/demo/demo-bridge.generated.ts`, in step with them (X6).
package enum DemoBridge {
    /// The fields of `device.info`.
    package struct DeviceInfoRequest: Decodable, Sendable {
        /// Unused by the demo; there to show an optional field in the generated types.
        package var detail: Bool?
    }

    /// What `device.info` answers.
    package struct DeviceInfo: Codable, Sendable {
        package var engine: String
        package var system: String
        package var uptimeSeconds: Int
    }

    /// The data of `demo.notice`.
    package struct Notice: Codable, Sendable {
        package enum Level: String, Codable, CaseIterable, Sendable { case info, warning }
        package var text: String
        package var level: Level

        package init(text: String, level: Level) {
            self.text = text
            self.level = level
        }
    }

    /// The arguments of `demo.progress`.
    package struct ProgressQuery: Codable, Sendable {
        package var askedBy: String

        package init(askedBy: String) {
            self.askedBy = askedBy
        }
    }

    /// The page's answer to `demo.progress`.
    package struct Progress: Codable, Sendable {
        package var steps: Int
        package var lastStep: String?

        package init(steps: Int, lastStep: String? = nil) {
            self.steps = steps
            self.lastStep = lastStep
        }
    }

    /// A message from the native side, shown on the page.
    package static let notice = NativeEvent(
        "demo.notice", payload: Notice.self, summary: "a message from the native side, shown on the page")

    /// Asks the page how far it got.
    package static let progress = NativeCall(
        "demo.progress", arguments: ProgressQuery.self, result: Progress.self,
        summary: "how many steps the page has shown")

    /// The generated file the demo page compiles against, relative to the tools' package (Tools/),
    /// and its maps' names.
    package static let typeScriptFile = "../web/demo/demo-bridge.generated.ts"
    package static let capabilityMap = "DemoCapabilities"
    package static let eventMap = "DemoEvents"
    package static let nativeCallMap = "DemoNativeCalls"

    /// Registers `device.info` and declares `demo.notice` and `demo.progress` on `bridge`.
    package static func install(on bridge: TodayBridge, engine: String) throws(BridgeConfigurationError) {
        try bridge.register("device.info", access: .trustedSurface, summary: "what the native side runs on") {
            (_: DeviceInfoRequest, _) in
            DeviceInfo(
                engine: engine, system: ProcessInfo.processInfo.operatingSystemVersionString,
                uptimeSeconds: Int(ProcessInfo.processInfo.systemUptime))
        }
        try bridge.declare(notice)
        try bridge.declare(progress)
    }
}
