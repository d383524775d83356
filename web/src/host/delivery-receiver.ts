import { DELIVERY_RECEIVER_GLOBAL } from '../protocol.generated.js';
import { customEvent, defineProperty, dispatch, freeze } from './intrinsics.js';

/** The parts of `window` the receiver uses. */
export interface DeliveryReceiverWindow extends EventTarget {
  [DELIVERY_RECEIVER_GLOBAL]?: unknown;
}

/**
 * Defines the main frame's receiver of the host's deliveries (`DELIVERY_RECEIVER_GLOBAL`, which
 * `page-event.ts` calls): a function `(name, detail)` that dispatches the `CustomEvent` on
 * `window` with the engine's own `CustomEvent` and `dispatchEvent`, taken at document start
 * (`intrinsics.ts`), so that a page replacing them later still gets its native events, native
 * calls and string-transport replies (X3, X4, A1). Frozen, not writable, not configurable, not
 * enumerable. It dispatches on the page's own `window` only, which the page can do itself: it
 * gives the page nothing new.
 */
export function installDeliveryReceiver(window: DeliveryReceiverWindow): void {
  const receive = (name: string, detail: unknown) => void dispatch(window, customEvent(name, detail));
  defineProperty(window, DELIVERY_RECEIVER_GLOBAL, { value: freeze(receive), writable: false, configurable: false, enumerable: false });
}
