import ArgumentParser
import TodayBridge

/// `today-bridge contract`: prints the TypeScript declarations of the built-in capabilities (X6).
struct ContractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contract",
        abstract: "Print the TypeScript declarations the web SDK compiles against."
    )

    func run() {
        print(BridgeContract.builtIn.typeScript(capabilityMap: "BuiltInCapabilities", includeErrorCodes: true), terminator: "")
    }
}
