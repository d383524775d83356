import type { WebKitGTKChannelConfiguration } from '../configurations.generated.js';
import { ERROR, LENGTH, NONE, RELAY_REPLY_EVENT, RELAY_REQUEST_EVENT, TEXT, readRelayText, relayText } from './relay-events.js';
import type { WebKitGTKWindow } from './relay-events.js';

type PendingCall = { resolve: (value: unknown) => void; reject: (reason: unknown) => void };

/**
 * The main frame's channel on WebKitGTK (C1, C8), in the page world of the top frame: defines
 * `window.webkit.messageHandlers[channelName]` as a frozen `{ postMessage(message): Promise }`.
 *
 * WebKitGTK's message signal does not say which frame sent a message, so this channel does not
 * post to the host itself: it hands the numbered message to the relay (`relay.ts`, an isolated
 * world of the same frame) through a synchronous DOM event on `window`, and settles the promise
 * when the relay's reply with that number comes back. The message travels as its JSON text: one
 * string crosses worlds as it is and processes more cheaply than an object, and the host reads
 * JSON anyway.
 * A message whose text is longer than the host's limit is not carried, only its length: the host
 * refuses it (X7) without it ever crossing. A message that cannot be cloned (a function, a
 * symbol, a BigInt, a cycle) is refused at once with a `TypeError` (W5). Sub-frames keep
 * WebKit's own channel: this script does nothing there, nor where WebKit defines no message
 * handlers.
 */
export default function webKitGTKChannel(window: WebKitGTKWindow, configuration: WebKitGTKChannelConfiguration): void {
  const handlers = window.webkit?.messageHandlers;
  if (window !== window.top || !handlers) return;
  const pending = new Map<number, PendingCall>();
  let nextID = 1;

  window.addEventListener(RELAY_REPLY_EVENT, (event) => {
    // WebKit makes a new `window.webkit.messageHandlers` wrapper, with its own channel back in
    // place of this one, once nothing holds the old wrapper and the collector has run. This
    // listener lives as long as the page: holding the wrapper here keeps the channel defined.
    void handlers;
    const reply = readRelayText((event as CustomEvent<unknown>).detail);
    const call = reply && pending.get(reply.id);
    if (!reply || !call || reply.mark === LENGTH) return;
    pending.delete(reply.id);
    if (reply.mark === ERROR) return call.reject(new Error(reply.body));
    if (reply.mark === NONE) return call.resolve(undefined);
    try {
      call.resolve(JSON.parse(reply.body));
    } catch (error) {
      call.reject(error);
    }
  });

  const channel = Object.freeze({
    postMessage(message: unknown): Promise<unknown> {
      let json: string | undefined;
      try {
        json = JSON.stringify(message, refuseUncloneable);
      } catch (error) {
        return Promise.reject(new TypeError(`The message cannot be sent: ${error instanceof Error ? error.message : String(error)}`));
      }
      return new Promise((resolve, reject) => {
        const id = nextID++;
        pending.set(id, { resolve, reject });
        const request =
          json === undefined ? relayText(id, NONE)
          : json.length > configuration.maxMessageBytes ? relayText(id, LENGTH, String(json.length))
          : relayText(id, TEXT, json);
        window.dispatchEvent(new CustomEvent(RELAY_REQUEST_EVENT, { detail: request }));
      });
    },
  });
  Object.defineProperty(handlers, configuration.channelName, { value: channel, writable: false, configurable: false, enumerable: true });
}

/** `JSON.stringify`'s replacer: refuses what structured cloning refuses and JSON would drop quietly. */
function refuseUncloneable(_key: string, value: unknown): unknown {
  if (typeof value === 'function' || typeof value === 'symbol') throw new TypeError(`a ${typeof value} cannot be cloned`);
  return value;
}
