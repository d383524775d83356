import TodayBridge
import TodayBridgeConformance
import TodayBridgeTesting
@_spi(Tools) import TodayBridgeTypeScript

/// `web/conformance/fixture.generated.ts`: the conformance fixture as the kit's TypeScript, its
/// capabilities' and page handlers' maps and the constants the kit checks against (X6).
enum FixtureDeclarations {
    static var typeScript: String {
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: .linux),
            tokens: TestTokenProvider(),
            analytics: RecordingAnalyticsSink(),
            identity: AnalyticsIdentity(deviceID: "", sessionID: "")
        )
        try! ConformanceFixture.register(in: bridge)  // cannot fail: the fixture's own names, on a bridge of its own
        let constants = [
            (
                "CONFORMANCE_SLOW_DEADLINE_SECONDS", String(ConformanceFixture.slowDeadline),
                "`conformance.slow`'s deadline, in seconds."
            ),
            (
                "CONFORMANCE_DECLINED_CODE", TypeScriptRenderer.literal(ConformanceFixture.declinedCode.rawValue),
                "The code `conformance.reject` rejects with."
            ),
            (
                "CONFORMANCE_NATIVE_SECRET", TypeScriptRenderer.literal(ConformanceFixture.nativeSecret),
                "Text in `conformance.throw`'s native error that must never reach the page (X2)."
            ),
        ]
        return WireContract.header
            + bridge.contract.custom.declarations(
                capabilityMap: "ConformanceFixtureCapabilities", eventMap: nil,
                nativeCallMap: "ConformanceFixtureNativeCalls", includeErrorCodes: false
            )
            + constants.map { "\n/** \($0.2) */\nexport const \($0.0) = \($0.1);\n" }.joined()
    }
}
