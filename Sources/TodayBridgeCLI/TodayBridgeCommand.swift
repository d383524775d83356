import ArgumentParser

/// `today-bridge`: the contract and policy tools of the Today WebView Bridge.
@main
struct TodayBridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today-bridge",
        abstract: "Tools for the Today WebView Bridge.",
        subcommands: [DemoCommand.self, ContractCommand.self, PolicyCommand.self]
    )
}
