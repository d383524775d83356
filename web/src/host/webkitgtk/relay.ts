import type { WebKitGTKRelayConfiguration } from '../configurations.generated.js';
import { ERROR, LENGTH, NONE, RELAY_REPLY_EVENT, RELAY_REQUEST_EVENT, TEXT, readRelayText, relayText } from './relay-events.js';
import type { WebKitGTKWindow } from './relay-events.js';
import { customEvent, describe, dispatch, eventDetail, then } from '../intrinsics.js';

/** The parts of `window` the relay uses. */
export interface WebKitGTKRelayWindow extends WebKitGTKWindow {
  /** The document's security origin: `"null"` when opaque (a CSP `sandbox`), unlike `location.origin`. */
  readonly origin: string;
  readonly location: { readonly href: string };
}

/**
 * The main frame's relay on WebKitGTK (C8), in an isolated world of the top frame, where the web
 * process extension did not load: forwards each request of the page-world channel (`channel.ts`)
 * to the handler registered in this world alone, with this world's own `self.origin` (the
 * document's security origin, `"null"` when opaque) and `location.href`, which the page cannot
 * tamper with; so whatever reaches that handler comes from the main frame.
 *
 * Each request crosses to the host as one string (`relayedText`, read by the adapter's
 * `RelayedText`), with this document's token, a random number that a message of another document
 * never carries. The relay tells the host, with the origin and URL, when its document begins (at
 * document start, before any page script) and when it comes back from the back-forward cache
 * (`pageshow` with `persisted`): the host then speaks for this token alone, so a realm kept after
 * its document left (by a popup) reaches nothing (S4). Requests carry the URL again only when it
 * changed (`pushState`). A text longer than `maxMessageBytes` crosses as its length, which the host refuses (X7). The host answers with JSON text, which goes
 * back to the channel with the reply event. Request events that are not a relay text are ignored.
 * Like the channel, it takes what it uses at document start (`intrinsics.ts`), though its world's
 * globals are out of the page's reach.
 */
export default function webKitGTKRelay(window: WebKitGTKRelayWindow, configuration: WebKitGTKRelayConfiguration): void {
  const handler = window.webkit?.messageHandlers?.[configuration.handlerName] as { postMessage(text: string): Promise<unknown> } | undefined;
  if (window !== window.top || !handler) return;
  const answer = (text: string) => void dispatch(window, customEvent(RELAY_REPLY_EVENT, text));
  const token = `${Math.floor(Math.random() * 2 ** 53)}`;
  let sentURL: string | undefined;
  const facts = () => {
    sentURL = window.location.href;
    return { origin: window.origin, url: sentURL };
  };
  const ignore = () => undefined;
  const notice = (mark: typeof BEGAN | typeof RESTORED) => then(handler.postMessage(relayedText(token, facts(), mark, '')), ignore, ignore);

  notice(BEGAN);
  window.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) notice(RESTORED);
  }, true);
  window.addEventListener(RELAY_REQUEST_EVENT, (event) => {
    const request = readRelayText(eventDetail(event));
    if (!request || request.mark === ERROR) return;
    const id = request.id;
    const changed = window.location.href === sentURL ? undefined : facts();
    const tooLong = request.mark === TEXT && request.body.length > configuration.maxMessageBytes;
    const text = tooLong ? relayedText(token, changed, LENGTH, `${request.body.length}`) : relayedText(token, changed, request.mark, request.body);
    then(handler.postMessage(text),
      (value) => answer(typeof value === 'string' ? relayText(id, TEXT, value) : relayText(id, NONE)),
      (error: unknown) => answer(relayText(id, ERROR, describe(error))),
    );
  });
}

/** A relayed notice: the document began, before any page script. */
const BEGAN = '^';
/** A relayed notice: the document came back from the back-forward cache. */
const RESTORED = '~';

/** What starts the facts in a relayed text (`relayedText`). */
const FACTS = '@';

/**
 * The text the relay posts to the host for one request: this document's token (digits), then,
 * when they are new to the host, `@origin\nURL\n`, then the request's mark and body (`:` and JSON
 * text, `#` and a length, or nothing for `undefined`), or a notice's mark (`^`, `~`) with the facts.
 */
function relayedText(token: string, facts: { origin: string; url: string } | undefined, mark: string, body: string): string {
  return token + (facts ? `${FACTS}${facts.origin}\n${facts.url}\n` : '') + mark + body;
}
