import ArgumentParser

/// `today-bridge`: the contract and policy tools of the Today WebView Bridge.
@main
struct TodayBridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today-bridge",
        abstract: "Tools for the Today WebView Bridge.",
        subcommands: [ContractCommand.self, PolicyCommand.self]
    )
}
