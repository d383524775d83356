import Foundation

/// The `today-bridge` executable of this build: the one beside the running executable (a test
/// runner, a benchmark or the CLI itself, all built into the same folder).
package enum TodayBridgeExecutable {
    /// Its path.
    package static let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("today-bridge").path
}
