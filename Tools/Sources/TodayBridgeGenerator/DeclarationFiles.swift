/// The first step, `declarations`: the files rendered from the Swift definitions alone, which
/// the web SDK, the host scripts, the conformance kit, the inspector's page (TypeScript) and the
/// Android glue (Kotlin) compile against (X6).
enum DeclarationFiles {
    static var all: [GeneratedFile] {
        [
            GeneratedFile(path: "web/src/protocol.generated.ts", text: WireContract.sdkProtocol()),
            GeneratedFile(
                path: "web/host/configurations.generated.ts",
                text: WireContract.declarations(HostScriptDeclarations.all)),
            GeneratedFile(path: "web/conformance/fixture.generated.ts", text: FixtureDeclarations.typeScript),
            GeneratedFile(
                path: "Tools/inspector/src/configuration.generated.ts",
                text: WireContract.declarations(InspectorDeclarations.all)),
            GeneratedFile(
                path: "android/bridge/src/main/kotlin/today/bridge/Wire.generated.kt", text: KotlinWire.render()),
        ]
    }
}
