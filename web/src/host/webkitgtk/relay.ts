import type { WebKitGTKRelayConfiguration } from '../configurations.generated.js';
import { ERROR, LENGTH, NONE, RELAY_REPLY_EVENT, RELAY_REQUEST_EVENT, TEXT, readRelayText, relayText } from './relay-events.js';
import type { WebKitGTKWindow } from './relay-events.js';

/** The parts of `window` the relay uses. */
export interface WebKitGTKRelayWindow extends WebKitGTKWindow {
  readonly location: { readonly origin: string; readonly href: string };
}

/**
 * The main frame's relay on WebKitGTK (C8), in an isolated world of the top frame, where the web
 * process extension did not load: forwards each request of the page-world channel (`channel.ts`)
 * to the handler registered in this world alone, with this world's own `location.origin` and
 * `location.href`, which the page cannot tamper with; so whatever reaches that handler comes from
 * the main frame.
 *
 * Each request crosses to the host as one string (`relayedText`, read by the adapter's `RelayedText`). The origin and URL go with the
 * document's first request and again only when the URL changes (`pushState`); the rest carry
 * this document's token, a random number, by which the host knows they are still this document's
 * and which a message of another document never carries. A text longer than `maxMessageBytes`
 * crosses as its length, which the host refuses (X7). The host answers with JSON text, which goes
 * back to the channel with the reply event. Request events that are not a relay text are ignored.
 */
export default function webKitGTKRelay(window: WebKitGTKRelayWindow, configuration: WebKitGTKRelayConfiguration): void {
  const handler = window.webkit?.messageHandlers?.[configuration.handlerName] as { postMessage(text: string): Promise<unknown> } | undefined;
  if (window !== window.top || !handler) return;
  const answer = (text: string) => window.dispatchEvent(new CustomEvent(RELAY_REPLY_EVENT, { detail: text }));
  const token = String(Math.floor(Math.random() * 2 ** 53));
  let sentURL: string | undefined;

  window.addEventListener(RELAY_REQUEST_EVENT, (event) => {
    const request = readRelayText((event as CustomEvent<unknown>).detail);
    if (!request || request.mark === ERROR) return;
    const id = request.id;
    const url = window.location.href;
    const facts = url === sentURL ? undefined : { origin: window.location.origin, url };
    sentURL = url;
    const tooLong = request.mark === TEXT && request.body.length > configuration.maxMessageBytes;
    const text = tooLong ? relayedText(token, facts, LENGTH, String(request.body.length)) : relayedText(token, facts, request.mark, request.body);
    handler.postMessage(text).then(
      (value) => answer(typeof value === 'string' ? relayText(id, TEXT, value) : relayText(id, NONE)),
      (error: unknown) => answer(relayText(id, ERROR, String((error && (error as Error).message) || error))),
    );
  });
}

/** What starts the facts in a relayed text (`relayedText`). */
const FACTS = '@';

/**
 * The text the relay posts to the host for one request: this document's token (digits), then,
 * when they are new to the host, `@origin\nURL\n`, then the request's mark and body (`:` and JSON
 * text, `#` and a length, or nothing for `undefined`).
 */
function relayedText(token: string, facts: { origin: string; url: string } | undefined, mark: string, body: string): string {
  return token + (facts ? `${FACTS}${facts.origin}\n${facts.url}\n` : '') + mark + body;
}
