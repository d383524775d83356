import ArgumentParser
import TodayBridge
@_spi(Tools) import TodayBridgeTesting

/// `today-bridge contract`: prints the TypeScript the web SDK compiles against, or the Kotlin the
/// Android glue compiles against, rendered from the Swift definitions (X6).
struct ContractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contract",
        abstract: "Print the TypeScript declarations the web SDK compiles against (or the Android glue's Kotlin).",
        discussion: """
            Without options: the built-in capabilities, error codes and wire protocol \
            (web/src/protocol.generated.ts). With --host-configurations: the configurations of \
            the scripts hosts inject (web/src/host/configurations.generated.ts). With \
            --conformance-fixture: the capabilities the conformance kit calls and the page \
            handlers it registers \
            (web/src/conformance/fixture.generated.ts). With --kotlin: what the Android library's \
            Kotlin glue and its Swift core exchange \
            (android/bridge/src/main/kotlin/today/bridge/Wire.generated.kt).
            """
    )

    @Flag(help: "Print the host scripts' configurations instead.")
    var hostConfigurations = false

    @Flag(help: "Print the conformance fixture's capabilities instead.")
    var conformanceFixture = false

    @Flag(help: "Print the Android glue's wire constants and shapes, in Kotlin, instead.")
    var kotlin = false

    func run() {
        let text = hostConfigurations ? Self.hostScriptConfigurations
            : conformanceFixture ? ConformanceFixture.typeScript
            : kotlin ? KotlinWire.render()
            : WireContract.sdkProtocol()
        print(text, terminator: "")
    }

    /// `web/src/host/configurations.generated.ts`: the configuration of every script a host injects.
    static var hostScriptConfigurations: String {
        WireContract.declarations(HostScriptDeclarations.all, generatedBy: "today-bridge contract --host-configurations")
    }
}
