import Testing
import TodayBridgeTesting
import TodayBridgeTypeScript
import TodayDemoBridge

@Suite("X6 the demo app's generated types")
struct DemoTypesTests {
    @Test(
        "X6 the demo page's committed demo-bridge.generated.ts is the fresh rendering of the demo's Swift definitions")
    func x6DemoPageTypesAreCurrent() async throws {
        let host = BridgeTestHost()
        try DemoBridge.install(on: host.bridge, engine: "WebKitGTK")
        try GeneratedTypeScript.check(
            host.bridge, file: DemoBridge.typeScriptFile,
            capabilityMap: DemoBridge.capabilityMap, eventMap: DemoBridge.eventMap,
            nativeCallMap: DemoBridge.nativeCallMap
        )
        try await host.finish()
    }
}
