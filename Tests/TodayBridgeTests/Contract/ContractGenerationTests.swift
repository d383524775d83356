import Foundation
import Testing
@testable import TodayBridge
@testable import TodayBridgeTesting
@_spi(Tools) @testable import TodayBridgeTypeScript

private enum Size: String, Codable, CaseIterable, Sendable { case small, large }

private struct Address: Codable, Sendable {
    var street: String
    var unit: Int?
}

private struct Order: Codable, Sendable {
    var sku: String
    var quantity: Int
    var size: Size
    var gift: Bool?
    var tags: [String]
    var addresses: [Address]
    var notes: [String: String]
    var extra: JSONValue?
}

private struct Receipt: Codable, Sendable {
    var id: UUID
    var total: Double
    var link: URL
}

/// A type whose decoding refuses placeholders: it must describe itself.
private struct Checked: Codable, Sendable, BridgeShaped {
    var value: Int
    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Int.self)
        guard value > 0 else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "positive")) }
    }
    static let bridgeShape = TypeShape.number
    static let bridgePlaceholder = Checked(value: 1)
    private init(value: Int) { self.value = value }
}

@Suite("X6 one definition, two languages")
struct ContractGenerationTests {
    @Test("X6 the built-in contract declares the four capabilities as the contract defines them")
    func x6BuiltIns() {
        let text = BridgeContract.builtIn.typeScript(capabilityMap: "BuiltInCapabilities", includeErrorCodes: true)
        #expect(text.contains("  track: { request: TrackRequest; result: void };"))
        #expect(text.contains("  ename: string;\n  parameters?: Record<string, string | number | boolean>;"))
        #expect(text.contains("  headers: { request: {}; result: Record<string, string> };"))
        #expect(text.contains("export interface RefreshTokenResult {\n  authorization: string;\n}"))
        #expect(text.contains("export interface EstablishSessionRequest {\n  refresh?: boolean;\n}"))
        #expect(
            text.contains(
                "export type BridgeErrorCode = 'busy' | 'cancelled' | 'failed' | 'invalidRequest' | 'timeout' | 'unsupported';"
            ))
        #expect(text.hasSuffix(";\n"))
    }

    @Test("X6 a custom capability's nested request and result types are read from its Swift types")
    func x6CustomShapes() async throws {
        let host = BridgeTestHost()
        try host.bridge.register("cart.add-item", access: .mainFrame, summary: "adds an item to the cart") {
            (order: Order, _) in
            Receipt(id: UUID(), total: Double(order.quantity), link: URL(string: "https://shop.example/r")!)
        }
        let text = host.bridge.contract.custom.typeScript(capabilityMap: "AppCapabilities")
        #expect(
            text == """
                // Generated from the bridge's Swift definitions (BridgeContract). Do not edit.

                /** Fields of the `cart.add-item` message: adds an item to the cart. Served to the main frame. */
                export interface CartAddItemRequest {
                  sku: string;
                  quantity: number;
                  size: 'small' | 'large';
                  gift?: boolean;
                  tags: string[];
                  addresses: { street: string; unit?: number }[];
                  notes: Record<string, string>;
                  extra?: unknown;
                }

                /** Result of the `cart.add-item` message. */
                export interface CartAddItemResult {
                  id: string;
                  total: number;
                  link: string;
                }

                /** The capabilities, by message `type`. */
                export interface AppCapabilities {
                  'cart.add-item': { request: CartAddItemRequest; result: CartAddItemResult };
                }

                """)
        try await host.finish()
    }

    @Test("X6 types that describe themselves, scalars and fieldless requests render directly")
    func x6SelfDescribing() {
        #expect(ShapeReader.shape(of: Checked.self) == .number)
        #expect(ShapeReader.shape(of: [Checked].self) == .array(.number))
        #expect(ShapeReader.shape(of: String?.self) == .nullable(.string))
        #expect(ShapeReader.shape(of: Empty.self) == .object([]))
        #expect(TypeScriptRenderer.type(.array(.oneOf([.string, .number]))) == "(string | number)[]")
        #expect(TypeScriptRenderer.type(.literals(["it's"])) == #"'it\'s'"#)
    }

    @Test("X6 the custom contract leaves the built-ins out")
    func x6CustomOnly() async throws {
        let host = BridgeTestHost()
        try host.bridge.register("ping", access: .anyFrame) { (_: Empty, _) in Empty() }
        let text = host.bridge.contract.custom.typeScript(capabilityMap: "AppCapabilities")
        #expect(text.contains("  ping: { request: {}; result: {} };"))
        #expect(!text.contains("track"))
        #expect(!text.contains("BridgeErrorCode"))
        try await host.finish()
    }
}
