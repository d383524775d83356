import Testing
import TodayBridge
import TodayBridgeTesting
import TodayBridgeTypeScript

// The declarations the README and the article Generating the page's types show, as they show them.
private struct CartSummary: Codable, Sendable { var count: Int }
private struct Draft: Codable, Sendable { var words: Int }
private struct Purchase: Decodable, Sendable { var sku: String }
private struct Receipt: Codable, Sendable { var id: String }

@Suite("X6 the docs' generated types")
struct DocSnippetTypesTests {
    /// The docs' TypeScript imports `./app-bridge.generated.js`; `make doc-check` compiles it
    /// against this file, and this test keeps it the rendering of the docs' Swift.
    @Test("X6 docs/snippets/app-bridge.generated.ts is the fresh rendering of the docs' declarations")
    func x6DocSnippetTypesAreCurrent() async throws {
        let host = BridgeTestHost()
        try host.bridge.register("purchase", access: .trustedSurface) { (request: Purchase, _) in
            Receipt(id: request.sku)
        }
        try host.bridge.declare(
            NativeEvent("cart.changed", payload: CartSummary.self, summary: "the cart's item count changed"))
        try host.bridge.declare(
            NativeCall("confirmLeave", arguments: Draft.self, result: Bool.self, summary: "asks before leaving a draft")
        )
        try GeneratedTypeScript.check(host.bridge, file: "docs/snippets/app-bridge.generated.ts")
        try await host.finish()
    }
}
