import ArgumentParser
import Foundation
import TodayBridge
import ToolSupport

/// The process's entry: the command runs in a task while the main thread serves the main queue
/// (its run loop), as an app's main thread does, so main-actor code runs on the main thread, which
/// WebKit's API requires (`open --engine wkwebview`). An `async` entry point would leave the main
/// queue to a pool thread on Linux (`dispatch_main`).
@main
enum TodayBridgeMain {
    static func main() {
        Task {
            await TodayBridgeCommand.main()  // exits by itself on an error
            exit(0)
        }
        while true { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
    }
}

/// `today-bridge`: the contract and policy tools of the Today WebView Bridge.
struct TodayBridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today-bridge",
        abstract: "Tools for the Today WebView Bridge.",
        version: TodayBridge.version,
        subcommands: subcommands
    )

    /// Runs the command; started by another of this project's tools, ends when that tool does.
    static func main() async {
        ParentLifetime.endWithParentWhenAsked()
        await main(nil)
    }

    private static var subcommands: [any ParsableCommand.Type] {
        [DemoCommand.self, ContractCommand.self, PolicyCommand.self, PostHogCommand.self, InspectCommand.self] + realEngineSubcommands
    }

    /// The commands that show pages in real engines (Linux's WebKitGTK and Chromium).
    private static var realEngineSubcommands: [any ParsableCommand.Type] {
        #if canImport(TodayBridgeGTK)
        [OpenCommand.self, ConformanceCommand.self]
        #else
        []
        #endif
    }
}
