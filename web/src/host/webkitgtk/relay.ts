import type { WebKitGTKRelayConfiguration, WebKitGTKRelayedMessage } from '../configurations.generated.js';
import { RELAY_REPLY_EVENT, RELAY_REQUEST_EVENT } from './relay-events.js';
import type { RelayReply, WebKitGTKWindow } from './relay-events.js';

/** The parts of `window` the relay uses. */
export interface WebKitGTKRelayWindow extends WebKitGTKWindow {
  readonly location: { readonly origin: string; readonly href: string };
}

/**
 * The main frame's relay on WebKitGTK (C8), in an isolated world of the top frame: forwards each
 * request of the page-world channel (`channel.ts`) to the handler registered in this world alone,
 * as a `WebKitGTKRelayedMessage` with this world's own `location.origin` and `location.href`,
 * which the page cannot tamper with; so whatever reaches that handler comes from the main frame.
 * The message stays JSON text all the way (`json`, with its length measured here, so the host can
 * refuse an oversized one before converting it); the host answers with JSON text too. Answers
 * with the reply event: `{ id, ok: true, json? }` or `{ id, ok: false, error }`. Requests without
 * a numeric id are ignored.
 */
export default function webKitGTKRelay(window: WebKitGTKRelayWindow, configuration: WebKitGTKRelayConfiguration): void {
  const handler = window.webkit?.messageHandlers?.[configuration.handlerName];
  if (window !== window.top || !handler) return;
  const answer = (reply: RelayReply) => window.dispatchEvent(new CustomEvent(RELAY_REPLY_EVENT, { detail: reply }));

  window.addEventListener(RELAY_REQUEST_EVENT, (event) => {
    const request = (event as CustomEvent<unknown>).detail as { id?: unknown; json?: unknown; jsonLength?: unknown } | null | undefined;
    if (!request || typeof request !== 'object' || typeof request.id !== 'number') return;
    const id = request.id;
    const relayed: WebKitGTKRelayedMessage = { origin: window.location.origin, url: window.location.href };
    if (typeof request.json === 'string') {
      relayed.json = request.json;
      relayed.jsonLength = request.json.length;
    } else if (typeof request.jsonLength === 'number') {
      relayed.jsonLength = request.jsonLength;  // too long to carry: the host refuses it by its length
    }
    new Promise((resolve) => resolve(handler.postMessage(relayed))).then(
      (value) => answer(typeof value === 'string' ? { id, ok: true, json: value } : { id, ok: true }),
      (error: unknown) => answer({ id, ok: false, error: String((error && (error as Error).message) || error) }),
    );
  });
}
