import type { PageEventConfiguration } from './configurations.generated.js';
import { DELIVERY_RECEIVER_GLOBAL } from '../protocol.generated.js';
import type { DeliveryReceiverWindow } from './delivery-receiver.js';

/**
 * Dispatches `new CustomEvent(name, { detail })` on `window`: how a host delivers native events
 * and calls (`NATIVE_EVENT`, a `NativeDelivery`; X3, X4) and, in the main frame, string-transport
 * replies (`STRING_REPLY_EVENT`, the reply's text; A1).
 *
 * This script runs when the host delivers, long after the page's own scripts, so it takes nothing
 * from the page's globals: it calls the receiver the platform tag's script defined at document
 * start (`delivery-receiver.ts`), and only in a document without one (where the host injected
 * nothing) dispatches with the page's `CustomEvent` and `dispatchEvent`.
 */
export default function pageEvent(window: DeliveryReceiverWindow, configuration: PageEventConfiguration): void {
  const receive = window[DELIVERY_RECEIVER_GLOBAL];
  if (typeof receive === 'function') return void receive(configuration.name, configuration.detail);
  window.dispatchEvent(new CustomEvent(configuration.name, { detail: configuration.detail }));
}
