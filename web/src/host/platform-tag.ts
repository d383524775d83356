import type { PlatformTagConfiguration } from './configurations.generated.js';
import { PLATFORM_TAG_GLOBAL } from '../protocol.generated.js';

/** The parts of `window` the platform tag uses. */
export interface PlatformTagWindow {
  readonly top: unknown;
}

/**
 * Tells the main frame's page which host it runs in (C7): defines
 * `window.__todayWebView = { platform }`, frozen, not writable, not configurable, not enumerable.
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
}
