/** The parts of `window` the reply uses. */
export interface ChromiumWebMessageReplyWindow {
  [name: string]: unknown;
}

/** What the Java emulation gives this script for one `JavaScriptReplyProxy.postMessage`. */
export interface ChromiumWebMessageReplyConfiguration {
  /** The hidden global `web-message-listener.ts` defined. */
  deliveryName: string;
  /** The injected object the message is for. */
  objectName: string;
  /** `s`: `payload` is the string; `b`: `payload` is an `ArrayBuffer`'s bytes in base64. */
  kind: 's' | 'b';
  payload: string;
}

/**
 * `JavaScriptReplyProxy.postMessage(message)` on Chromium: delivers the message (a string or an
 * `ArrayBuffer`) as `{ data }` to `window[objectName]`, the object `web-message-listener.ts`
 * defined, through its hidden `window[deliveryName]`. The host runs it in the frame that sent the
 * request. Does nothing where that global is missing.
 */
export default function chromiumWebMessageReply(window: ChromiumWebMessageReplyWindow, configuration: ChromiumWebMessageReplyConfiguration): void {
  const deliver = window[configuration.deliveryName];
  if (typeof deliver === 'function') deliver(configuration.objectName, configuration.kind, configuration.payload);
}
