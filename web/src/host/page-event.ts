import type { PageEventConfiguration } from './configurations.generated.js';

/**
 * Dispatches `new CustomEvent(name, { detail })` on `window`: how a host delivers native events
 * and calls (`NATIVE_EVENT`, a `NativeDelivery`; X3, X4) and, in the main frame, string-transport
 * replies (`STRING_REPLY_EVENT`, the reply's text; A1).
 */
export default function pageEvent(window: EventTarget, configuration: PageEventConfiguration): void {
  window.dispatchEvent(new CustomEvent(configuration.name, { detail: configuration.detail }));
}
