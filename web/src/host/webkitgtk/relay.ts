import type { WebKitGTKRelayConfiguration, WebKitGTKRelayedMessage } from '../configurations.generated.js';
import { ERROR, LENGTH, NONE, RELAY_REPLY_EVENT, RELAY_REQUEST_EVENT, TEXT, readRelayText, relayText } from './relay-events.js';
import type { WebKitGTKWindow } from './relay-events.js';

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
 * refuse an oversized one before converting it); the host answers with JSON text too, which goes
 * back with the reply event. Request events that are not a relay text are ignored.
 */
export default function webKitGTKRelay(window: WebKitGTKRelayWindow, configuration: WebKitGTKRelayConfiguration): void {
  const handler = window.webkit?.messageHandlers?.[configuration.handlerName];
  if (window !== window.top || !handler) return;
  const answer = (text: string) => window.dispatchEvent(new CustomEvent(RELAY_REPLY_EVENT, { detail: text }));

  window.addEventListener(RELAY_REQUEST_EVENT, (event) => {
    const request = readRelayText((event as CustomEvent<unknown>).detail);
    if (!request || request.mark === ERROR) return;
    const id = request.id;
    const relayed: WebKitGTKRelayedMessage = { origin: window.location.origin, url: window.location.href };
    if (request.mark === TEXT) {
      relayed.json = request.body;
      relayed.jsonLength = request.body.length;
    } else if (request.mark === LENGTH) {
      relayed.jsonLength = Number(request.body);  // too long to carry: the host refuses it by its length
    }
    new Promise((resolve) => resolve(handler.postMessage(relayed))).then(
      (value) => answer(typeof value === 'string' ? relayText(id, TEXT, value) : relayText(id, NONE)),
      (error: unknown) => answer(relayText(id, ERROR, String((error && (error as Error).message) || error))),
    );
  });
}
