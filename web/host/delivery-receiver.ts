import { DELIVERY_RECEIVER_GLOBAL } from '../src/protocol.generated.js';
import { customEvent, defineProperty, dispatch, freeze, hasOwn } from './intrinsics.js';
import { parseObject } from './bytes/read-bytes.js';

/** The parts of `window` the receiver uses. */
export interface DeliveryReceiverWindow extends EventTarget {
  [DELIVERY_RECEIVER_GLOBAL]?: unknown;
}

/**
 * Defines the main frame's receiver of the host's deliveries (`DELIVERY_RECEIVER_GLOBAL`, which
 * `page-event.ts` calls): a function taking one delivery as one JSON text, `{"name": …, "detail": …}`
 * (`PageEventConfiguration.event`), that parses it with the `JSON` taken at document start and
 * dispatches the `CustomEvent` on `window` with the engine's own `CustomEvent` and `dispatchEvent`
 * (`intrinsics.ts`), so that a page replacing them later still gets its native events, native
 * calls and string-transport replies (X3, X4, A1).
 *
 * The host hands over text, never an object of its own making: an engine that builds a script's
 * arguments in the page's world does so with ordinary assignments (WebKit's
 * `callAsyncJavaScript`, `JavaScriptEvaluationResult::toJS`), where setters a page defined on
 * `Object.prototype` or `Array.prototype` would see or drop the delivery, and an own `__proto__`
 * key would replace an object's prototype. Parsed here, every key is an own property and no page
 * code runs. Bytes in it (`{"__today.bytes": base64}`: a native event's data, a native call's
 * arguments, a stream's value) reach the page as new `Uint8Array`s (B1, B2). A text that is not
 * such an event, or whose bytes cannot be read, is ignored.
 *
 * Frozen, not writable, not configurable, not enumerable. It dispatches on the page's own `window`
 * only, which the page can do itself: it gives the page nothing new.
 */
export function installDeliveryReceiver(window: DeliveryReceiverWindow): void {
  const receive = (text: unknown) => {
    const event = readEvent(text);
    if (event) dispatch(window, customEvent(event.name, event.detail));
  };
  defineProperty(window, DELIVERY_RECEIVER_GLOBAL, { value: freeze(receive), writable: false, configurable: false, enumerable: false });
}

/** A delivery's event, from its JSON text; `undefined` for anything else. */
function readEvent(text: unknown): { name: string; detail: unknown } | undefined {
  const event = parseObject(text);
  // Own properties only: a missing one would be looked up on the page's Object.prototype.
  if (event === undefined || !hasOwn(event, 'name') || !hasOwn(event, 'detail')) return undefined;
  const { name, detail } = event as { name: unknown; detail: unknown };
  return typeof name === 'string' ? { name, detail } : undefined;
}
