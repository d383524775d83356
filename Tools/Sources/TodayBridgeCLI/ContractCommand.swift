import ArgumentParser
import TodayBridge
import TodayBridgeTesting
#if canImport(TodayBridgeGTK)
import TodayBridgeChromium
import TodayBridgeGTK
#endif

/// `today-bridge contract`: prints the TypeScript the web SDK compiles against, rendered from the
/// Swift definitions (X6).
struct ContractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contract",
        abstract: "Print the TypeScript declarations the web SDK compiles against.",
        discussion: """
            Without options: the built-in capabilities, error codes and wire protocol \
            (web/src/protocol.generated.ts). With --host-configurations: the configurations of \
            the scripts hosts inject (web/src/host/configurations.generated.ts). With \
            --conformance-fixture: the capabilities the conformance kit calls and the page \
            handlers it registers \
            (web/src/conformance/fixture.generated.ts).
            """
    )

    @Flag(help: "Print the host scripts' configurations instead.")
    var hostConfigurations = false

    @Flag(help: "Print the conformance fixture's capabilities instead.")
    var conformanceFixture = false

    func run() {
        let text = hostConfigurations ? Self.hostScriptConfigurations
            : conformanceFixture ? ConformanceFixture.typeScript
            : WireContract.sdkProtocol()
        print(text, terminator: "")
    }

    static var hostScriptConfigurations: String {
        var declarations = WireContract.hostScriptConfigurations
        #if canImport(TodayBridgeGTK)
        declarations += WebKitGTKRelayConfiguration.declarations + ChromiumWebViewConfiguration.declarations
        #endif
        declarations += InspectorConfiguration.declarations
        return WireContract.declarations(declarations, generatedBy: "today-bridge contract --host-configurations")
    }
}
