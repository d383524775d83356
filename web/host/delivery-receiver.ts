import { DELIVERY_RECEIVER_GLOBAL } from '../src/protocol.generated.js';
import { customEvent, defineProperty, dispatch, freeze, hasOwn, isArray } from './intrinsics.js';
import { parseObject } from './bytes/read-bytes.js';

/** The parts of `window` the receiver uses. */
export interface DeliveryReceiverWindow extends EventTarget {
  [DELIVERY_RECEIVER_GLOBAL]?: unknown;
}

/**
 * Defines the main frame's receiver of the host's deliveries (`DELIVERY_RECEIVER_GLOBAL`, which
 * `page-event.ts` calls, and WebKitGTK's web process extension): a function taking one delivery as
 * one JSON text, `{"name": …, "detail": …}` (`PageEventConfiguration.event`), and, from an engine
 * that carries bytes beside the text, the array of those bytes; it parses the text with the `JSON`
 * taken at document start and dispatches the `CustomEvent` on `window` with the engine's own
 * `CustomEvent` and `dispatchEvent` (`intrinsics.ts`), so that a page replacing them later still
 * gets its native events, native calls and string-transport replies (X3, X4, A1).
 *
 * The host hands over text, never an object of its own making: an engine that builds a script's
 * arguments in the page's world does so with ordinary assignments (WebKit's
 * `callAsyncJavaScript`, `JavaScriptEvaluationResult::toJS`), where setters a page defined on
 * `Object.prototype` or `Array.prototype` would see or drop the delivery, and an own `__proto__`
 * key would replace an object's prototype. Parsed here, every key is an own property and no page
 * code runs. Bytes in it (a native event's data, a native call's arguments, a stream's value)
 * reach the page as new `Uint8Array`s (B1, B2): `{"__today.bytes": base64}`, or
 * `{"__today.bytes": index}` naming one of the attachments, which WebKitGTK's web process
 * extension made in the page's heap for this delivery alone. A text that is not such an event, or
 * whose bytes cannot be read, is ignored.
 *
 * Frozen, not writable, not configurable, not enumerable. It dispatches on the page's own `window`
 * only, which the page can do itself: it gives the page nothing new.
 */
export function installDeliveryReceiver(window: DeliveryReceiverWindow): void {
  const receive = (text: unknown, attachments?: unknown) => {
    if (attachments !== undefined && !isArray(attachments)) return;
    const event = readEvent(text, attachments as readonly Uint8Array[] | undefined);
    if (event) dispatch(window, customEvent(event.name, event.detail));
  };
  defineProperty(window, DELIVERY_RECEIVER_GLOBAL, { value: freeze(receive), writable: false, configurable: false, enumerable: false });
}

/** A delivery's event, from its JSON text and its attachments; `undefined` for anything else. */
function readEvent(text: unknown, attachments: readonly Uint8Array[] | undefined): { name: string; detail: unknown } | undefined {
  const event = parseObject(text, attachments);
  // Own properties only: a missing one would be looked up on the page's Object.prototype.
  if (event === undefined || !hasOwn(event, 'name') || !hasOwn(event, 'detail')) return undefined;
  const { name, detail } = event as { name: unknown; detail: unknown };
  return typeof name === 'string' ? { name, detail } : undefined;
}
