import type { PageEventConfiguration } from './configurations.generated.js';
import { DELIVERY_RECEIVER_GLOBAL } from '../src/protocol.generated.js';
import type { DeliveryReceiverWindow } from './delivery-receiver.js';

/**
 * Dispatches `new CustomEvent(name, { detail })` on `window`: how a host delivers native events
 * and calls (`NATIVE_EVENT`, a `NativeDelivery`; X3, X4) and, in the main frame, string-transport
 * replies (`STRING_REPLY_EVENT`, the reply's text; A1). The event arrives as one JSON text,
 * `configuration.event`, `{"name": …, "detail": …}`.
 *
 * This script runs when the host delivers, long after the page's own scripts, so it takes nothing
 * from the page's globals: it hands the text to the receiver the platform tag's script defined at
 * document start (`delivery-receiver.ts`), which parses it with the `JSON` taken then. Only in a
 * document without one (where the host injected nothing) does it parse and dispatch with the
 * page's `JSON`, `CustomEvent` and `dispatchEvent`.
 */
export default function pageEvent(window: DeliveryReceiverWindow, configuration: PageEventConfiguration): void {
  const receive = window[DELIVERY_RECEIVER_GLOBAL];
  if (typeof receive === 'function') return void receive(configuration.event);
  const { name, detail } = JSON.parse(configuration.event) as { name: string; detail: unknown };
  window.dispatchEvent(new CustomEvent(name, { detail }));
}
