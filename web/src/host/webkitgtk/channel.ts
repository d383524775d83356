import type { WebKitGTKChannelConfiguration } from '../configurations.generated.js';
import { RELAY_REPLY_EVENT, RELAY_REQUEST_EVENT } from './relay-events.js';
import type { RelayReply, RelayRequest, WebKitGTKWindow } from './relay-events.js';

type PendingCall = { resolve: (value: unknown) => void; reject: (reason: unknown) => void };

/**
 * The main frame's channel on WebKitGTK (C1, C8), in the page world of the top frame: defines
 * `window.webkit.messageHandlers[channelName]` as a frozen `{ postMessage(message): Promise }`.
 *
 * WebKitGTK's message signal does not say which frame sent a message, so this channel does not
 * post to the host itself: it hands `{ id, message }` to the relay (`relay.ts`, an isolated world
 * of the same frame) through a synchronous DOM event on `window`, and settles the promise when the
 * relay's reply with that id comes back. A message that cannot be structured-cloned is refused at
 * once with a `TypeError` (W5). Sub-frames keep WebKit's own channel: this script does nothing
 * there, nor where WebKit defines no message handlers.
 */
export default function webKitGTKChannel(window: WebKitGTKWindow, configuration: WebKitGTKChannelConfiguration): void {
  const handlers = window.webkit?.messageHandlers;
  if (window !== window.top || !handlers) return;
  const pending = new Map<number, PendingCall>();
  let nextID = 1;

  window.addEventListener(RELAY_REPLY_EVENT, (event) => {
    const reply = (event as CustomEvent<RelayReply | null | undefined>).detail;
    const call = reply && typeof reply === 'object' ? pending.get(reply.id) : undefined;
    if (!reply || !call) return;
    pending.delete(reply.id);
    if (reply.ok) call.resolve(reply.value);
    else call.reject(new Error(reply.error));
  });

  const channel = Object.freeze({
    postMessage(message: unknown): Promise<unknown> {
      try {
        if (typeof structuredClone === 'function') structuredClone(message);
      } catch (error) {
        return Promise.reject(new TypeError(`The message cannot be sent: ${error instanceof Error ? error.message : String(error)}`));
      }
      return new Promise((resolve, reject) => {
        const id = nextID++;
        pending.set(id, { resolve, reject });
        const request: RelayRequest = { id, message };
        window.dispatchEvent(new CustomEvent(RELAY_REQUEST_EVENT, { detail: request }));
      });
    },
  });
  Object.defineProperty(handlers, configuration.channelName, { value: channel, writable: false, configurable: false, enumerable: true });
}
