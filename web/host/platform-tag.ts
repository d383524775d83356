import type { PlatformTagConfiguration } from './configurations.generated.js';
import { PLATFORM_TAG_GLOBAL } from '../src/protocol.generated.js';
import { installDeliveryReceiver } from './delivery-receiver.js';
import type { DeliveryReceiverWindow } from './delivery-receiver.js';

/** The parts of `window` the platform tag uses. */
export interface PlatformTagWindow extends DeliveryReceiverWindow {
  readonly top: unknown;
}

/**
 * Tells the main frame's page which host it runs in (C7): defines
 * `window.__todayWebView = { platform }`, frozen, not writable, not configurable, not enumerable.
 * With it, at the same document start, the receiver the host's deliveries go through
 * (`delivery-receiver.ts`; X3, X4, A1), so that a page cannot break them by replacing globals.
 *
 * Main frame only: a sub-frame gets nothing. Android injects document-start scripts into every
 * frame, so the script checks for itself.
 */
export default function platformTag(window: PlatformTagWindow, configuration: PlatformTagConfiguration): void {
  if (window !== window.top) return;
  Object.defineProperty(window, PLATFORM_TAG_GLOBAL, {
    value: Object.freeze({ platform: configuration.platform }),
    writable: false,
    configurable: false,
    enumerable: false,
  });
  installDeliveryReceiver(window);
}
