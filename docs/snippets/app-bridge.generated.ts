// Generated from the bridge's Swift definitions (BridgeContract). Do not edit.

/** Fields of the `purchase` message. Served to the main frame of a trusted surface. */
export interface PurchaseRequest {
  sku: string;
}

/** Result of the `purchase` message. */
export interface PurchaseResult {
  id: string;
}

/** The capabilities, by message `type`. */
export interface AppCapabilities {
  purchase: { request: PurchaseRequest; result: PurchaseResult };
}

/** Data of the `cart.changed` event. */
export interface CartChangedEvent {
  count: number;
}

/** The native events, by name: the data `bridge.on` listeners receive (X3). */
export interface AppEvents {
  /** the cart's item count changed */
  'cart.changed': CartChangedEvent;
}

/** Arguments of the `confirmLeave` native call. */
export interface ConfirmLeaveCallArguments {
  words: number;
}

/** The native calls, by name: the arguments `bridge.handle` handlers receive and the result they return (X4). */
export interface AppNativeCalls {
  /** asks before leaving a draft */
  confirmLeave: { arguments: ConfirmLeaveCallArguments; result: boolean };
}
