/// A native event the host sends its pages, named once with the type of its data (X3, X6).
///
/// Declare it on the bridge, so the page's generated TypeScript lists it, and emit it on a
/// connection; the page listens with the generated map:
///
/// ```swift
/// struct CartSummary: Codable, Sendable { var count: Int }
///
/// let cartChanged = NativeEvent("cart.changed", payload: CartSummary.self, summary: "the cart's item count changed")
/// try bridge.declare(cartChanged)
/// try await connection.emit(cartChanged, payload: CartSummary(count: 3))
/// ```
///
/// ```ts
/// bridge.on<AppEvents, 'cart.changed'>('cart.changed', (cart) => badge(cart.count));
/// ```
///
/// The payload is `Codable`: it is encoded for the page, and its shape is read from its decoding
/// (see ``BridgeShaped``). ``NoResult`` is an event without data, which the page receives as `null`.
/// An event whose data has no Swift type of its own is a `NativeEvent<JSONValue>`:
///
/// ```swift
/// try await connection.emit(NativeEvent<JSONValue>("cart.changed"), payload: ["count": 3])
/// ```
public struct NativeEvent<Payload: Codable & Sendable>: Sendable, Hashable {
    /// The name the page subscribes to.
    public let name: String
    /// One line for the generated TypeScript's doc comment.
    public let summary: String?

    /// Names an event and the type of its data.
    public init(_ name: String, payload: Payload.Type = Payload.self, summary: String? = nil) {
        self.name = name
        self.summary = summary
    }

    package var definition: NativeEventDefinition {
        NativeEventDefinition(name: name, summary: summary, payload: Payload.self)
    }
}
