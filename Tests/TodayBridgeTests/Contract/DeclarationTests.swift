import Foundation
import Testing
import TodayBridge
import TodayBridgeTesting
import TodayBridgeTypeScript

private struct CartSummary: Codable, Sendable, Equatable {
    enum Tier: String, Codable, CaseIterable, Sendable { case free, plus }
    var count: Int
    var tier: Tier
    var coupon: String?
}

private struct Draft: Codable, Sendable {
    var words: Int
    var title: String
}

private let cartChanged = NativeEvent("cart.changed", payload: CartSummary.self, summary: "the cart changed")
private let badge = NativeEvent("badge", payload: Int.self)
private let confirmLeave = NativeCall(
    "confirmLeave", arguments: Draft.self, result: Bool.self, summary: "asks before leaving a draft")
private let pageTitle = NativeCall("page.title", arguments: NoResult.self, result: String?.self)

@Suite("X3, X4, X6: declared events and native calls")
struct DeclarationTests {
    @Test("X6 declared events and native calls render as sorted maps with their nested types read from Swift")
    func x6EventAndCallMaps() async throws {
        let host = BridgeTestHost()
        try host.bridge.declare(cartChanged)
        try host.bridge.declare(badge)
        try host.bridge.declare(pageTitle)
        try host.bridge.declare(confirmLeave)
        let text = host.bridge.contract.custom.typeScript(
            capabilityMap: "AppCapabilities", eventMap: "AppEvents", nativeCallMap: "AppNativeCalls")
        #expect(
            text == """
                // Generated from the bridge's Swift definitions (BridgeContract). Do not edit.

                /** The capabilities, by message `type`. */
                export interface AppCapabilities {
                }

                /** Data of the `cart.changed` event. */
                export interface CartChangedEvent {
                  count: number;
                  tier: 'free' | 'plus';
                  coupon?: string;
                }

                /** The native events, by name: the data `bridge.on` listeners receive (X3). */
                export interface AppEvents {
                  badge: number;
                  /** the cart changed */
                  'cart.changed': CartChangedEvent;
                }

                /** Arguments of the `confirmLeave` native call. */
                export interface ConfirmLeaveCallArguments {
                  words: number;
                  title: string;
                }

                /** The native calls, by name: the arguments `bridge.handle` handlers receive and the result they return (X4). */
                export interface AppNativeCalls {
                  /** asks before leaving a draft */
                  confirmLeave: { arguments: ConfirmLeaveCallArguments; result: boolean };
                  'page.title': { arguments: void; result: string | null };
                }

                """)
        try await host.finish()
    }

    @Test("X6 the built-in events are declared with their data, null, and stay out of the app's part")
    func x6BuiltInEvents() async throws {
        let builtIn = BridgeContract.builtIn.typeScript(capabilityMap: "BuiltInCapabilities", eventMap: "BuiltInEvents")
        #expect(
            builtIn.contains(
                """
                export interface BuiltInEvents {
                  /** The app went to the background. */
                  'host.background': null;
                  /** The app came back to the foreground. */
                  'host.foreground': null;
                  /** The host is connected to this document; sent to every new document. */
                  'host.ready': null;
                }
                """))
        let host = BridgeTestHost()
        #expect(
            host.bridge.contract.typeScript(capabilityMap: "All", eventMap: "Events").contains("'host.ready': null;"))
        #expect(!host.bridge.contract.custom.typeScript(capabilityMap: "App", eventMap: "AppEvents").contains("host."))
        #expect(NativeEvent<NoResult>.foreground.name == "host.foreground")
        try await host.finish()
    }

    @Test("X6 two declarations that would share an interface name: the second is written inline")
    func x6InterfaceNamesStayUnique() async throws {
        let host = BridgeTestHost()
        try host.bridge.declare(NativeEvent("cart.changed", payload: CartSummary.self))
        try host.bridge.declare(NativeEvent("cartChanged", payload: Draft.self))
        let text = host.bridge.contract.custom.typeScript(capabilityMap: "App", eventMap: "AppEvents")
        #expect(
            text.contains("  'cart.changed': CartChangedEvent;\n  cartChanged: { words: number; title: string };\n"))
        try await host.finish()
    }

    @Test(
        "X3 X4 empty, reserved (__, host.) and duplicate event and native call names are refused",
        arguments: ["", "__today.subscribe", "__mine", "host.ready", "host.custom", "cart.changed"]
    )
    func x3x4DeclarationRefused(name: String) throws {
        let host = BridgeTestHost()
        try host.bridge.declare(cartChanged)
        try host.bridge.declare(NativeCall("cart.changed", arguments: Draft.self, result: Bool.self))
        #expect(throws: BridgeConfigurationError.self) { try host.bridge.declare(NativeEvent(name, payload: Int.self)) }
        #expect(throws: BridgeConfigurationError.self) {
            try host.bridge.declare(NativeCall(name, arguments: Int.self, result: Int.self))
        }
    }

    @Test("X3 X4 a refused name says why")
    func x3x4RefusalsExplain() async throws {
        let host = BridgeTestHost()
        #expect(
            throws: BridgeConfigurationError(
                "event name \"host.ready\" starts with \"host.\", which the bridge keeps for itself")
        ) {
            try host.bridge.declare(NativeEvent.ready)
        }
        #expect(throws: BridgeConfigurationError("an empty native call name is not allowed")) {
            try host.bridge.declare(NativeCall("", arguments: Int.self, result: Int.self))
        }
        #expect(throws: BridgeConfigurationError("capability type \"track\" is already in use")) {
            try host.bridge.register("track", access: .anyFrame) { (_: Empty, _) in NoResult() }
        }
        try await host.finish()
    }

    @Test("X3 a declared event is emitted with its encoded data; one without data reaches the page as null")
    func x3TypedEmit() async throws {
        let host = Fixtures.trustedHost()
        _ = await host.send(["type": "__today.subscribe", "event": "cart.changed"])
        _ = await host.send(["type": "__today.subscribe", "event": "host.foreground"])
        try await host.connection.emit(cartChanged, payload: CartSummary(count: 2, tier: .plus, coupon: nil))
        await host.connection.emit(.foreground)
        #expect(
            host.deliveries == [
                ["kind": "event", "name": "cart.changed", "data": ["count": 2, "tier": "plus"]],
                ["kind": "event", "name": "host.foreground", "data": .null],
            ])
        try await host.finish()
    }

    @Test("X4 a declared native call sends its encoded arguments and decodes the page's answer")
    func x4TypedCall() async throws {
        let host = Fixtures.trustedHost()
        async let leave = host.connection.call(
            confirmLeave, arguments: Draft(words: 120, title: "Notes"), default: true)
        #expect(await Fixtures.waitUntil { host.deliveries.count == 1 })
        let call = host.deliveries[0]
        #expect(call["name"] == "confirmLeave" && call["args"] == ["words": 120, "title": "Notes"])
        _ = await host.answerCall(call["id"]!.stringValue!, value: false)
        #expect(try await leave == false)

        async let title = host.connection.call(pageTitle, default: "untitled")
        #expect(await Fixtures.waitUntil { host.deliveries.count == 2 })
        #expect(host.deliveries[1]["args"] == nil)
        _ = await host.answerCall(host.deliveries[1]["id"]!.stringValue!, unhandled: true)
        #expect(try await title == "untitled")
        try await host.finish()
    }

    @Test("X4 a declared native call whose answer does not decode fails with failed")
    func x4TypedCallWrongAnswer() async throws {
        let host = Fixtures.trustedHost()
        let leave = Task {
            try await host.connection.call(confirmLeave, arguments: Draft(words: 1, title: ""), default: true)
        }
        #expect(await Fixtures.waitUntil { host.deliveries.count == 1 })
        _ = await host.answerCall(host.deliveries[0]["id"]!.stringValue!, value: "yes")
        await #expect(throws: BridgeError.failed("the page's answer to confirmLeave does not decode as Bool")) {
            try await leave.value
        }
        try await host.finish()
    }
}
