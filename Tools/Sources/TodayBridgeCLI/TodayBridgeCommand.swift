import ArgumentParser
import TodayBridge
import ToolSupport

/// `today-bridge`: the contract and policy tools of the Today WebView Bridge.
@main
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
        var commands: [any ParsableCommand.Type] = [DemoCommand.self, ContractCommand.self, PolicyCommand.self, PostHogCommand.self, InspectCommand.self]
        #if canImport(TodayBridgeGTK)
        commands += [OpenCommand.self, ConformanceCommand.self]
        #endif
        return commands
    }
}
