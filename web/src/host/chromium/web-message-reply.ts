import type { ChromiumWebMessageReplyConfiguration } from '../configurations.generated.js';

/** The parts of `window` the reply uses. */
export interface ChromiumWebMessageReplyWindow {
  [name: string]: unknown;
}

/**
 * `JavaScriptReplyProxy.postMessage(message)` on Chromium: delivers `message` as a `message` event
 * to `window[objectName]`, the object `web-message-listener.ts` defined, through its hidden
 * `window[deliveryName]`. The host runs it in the frame that sent the request. Does nothing
 * where that global is missing.
 */
export default function chromiumWebMessageReply(window: ChromiumWebMessageReplyWindow, configuration: ChromiumWebMessageReplyConfiguration): void {
  const deliver = window[configuration.deliveryName];
  if (typeof deliver === 'function') deliver(configuration.objectName, configuration.message);
}
