import ArgumentParser
import Foundation
import TodayBridge
import ToolSupport

/// The process's entry: the command runs in a task while the main thread serves the main queue
/// (its run loop), as an app's main thread does, so main-actor code runs on the main thread, which
/// WebKit's API requires (`open --engine wkwebview`). An `async` entry point would leave the main
/// queue to a pool thread on Linux (`dispatch_main`).
///
/// The process also ends on the main thread, whatever the command's outcome: `exit` runs the exit
/// handlers on the calling thread, and WebKitGTK's handlers release WebKit objects, which WebKit
/// allows on its main thread only: from a pool thread they abort (`open --engine wkwebview` timing
/// out ended in SIGABRT, status 134, instead of 1).
@main
enum TodayBridgeMain {
    static func main() {
        Task { @MainActor in
            await TodayBridgeCommand.main()  // an error ends the process on the main thread
            exit(0)  // on the main actor: the main thread
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

    /// Runs the command (as ArgumentParser's `main` does); started by another of this project's
    /// tools, ends when that tool does. An error ends the process from the main thread, after
    /// ArgumentParser's message (its `main` would exit on the pool thread it runs on).
    static func main() async {
        ParentLifetime.endWithParentWhenAsked()
        do {
            var command = try parseAsRoot(nil)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            await exitOnMainThread(withError: error)
        }
    }

    @MainActor private static func exitOnMainThread(withError error: any Error) -> Never {
        exit(withError: error)
    }

    private static var subcommands: [any ParsableCommand.Type] {
        [DemoCommand.self, PolicyCommand.self, PostHogCommand.self, InspectCommand.self] + realEngineSubcommands
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
