import { ERROR, LENGTH, NONE, RELAY_REPLY_EVENT, RELAY_REQUEST_EVENT, TEXT, readRelayText, relayText } from './relay-events.js';
import type { WebKitWindow } from './relay-events.js';
import { customEvent, defineProperty, describe, dispatch, eventDetail, then } from '../intrinsics.js';

/** The handler a relay posts to: registered in the relay's world alone. */
export type RelayHandler = { postMessage(text: string): Promise<unknown> };

/** What a relay may tell the host of its document: `self.origin` and `location.href`. */
export interface DocumentFacts {
  origin: string;
  url: string;
}

/**
 * The relay of one top-frame document, in an isolated world of it (C8, S4): forwards each request
 * of the page-world channel (`relay-channel.ts`) to `handler` as one string (`relayedText`) with
 * this document's token, a random number that a message of another document never carries, and
 * answers the channel with the host's JSON text, the rejection's reason, or nothing.
 *
 * It tells the host when its document begins (now, at document start, before any page script)
 * and when it comes back from the back-forward cache (`pageshow` with `persisted`): the host then
 * speaks for this token alone, so a realm kept after its document left (by a popup) reaches
 * nothing (S4). With `readFacts` (WebKitGTK, whose messages say nothing of their frame), notices
 * carry the document's origin and URL, and requests carry them again when the URL changed
 * (`pushState`). A text longer than `maxMessageBytes` crosses as its length, which the host
 * refuses (X7). Request events that are not a relay text are ignored.
 *
 * A window WebKit keeps for the document replacing its initial empty one (a new window's first
 * page) runs the relay again: the relay already there tells the host of the new document, under
 * its token, and no second relay starts.
 */
export function relayDocument(window: WebKitWindow, handler: RelayHandler, maxMessageBytes: number, readFacts?: () => DocumentFacts): void {
  const running = window[RUNNING] as ((mark: Notice) => void) | undefined;
  if (typeof running === 'function') return running(BEGAN);
  const answer = (text: string) => void dispatch(window, customEvent(RELAY_REPLY_EVENT, text));
  const token = `${Math.floor(Math.random() * 2 ** 53)}`;
  let sentURL: string | undefined;
  const facts = (always: boolean): DocumentFacts | undefined => {
    if (!readFacts) return undefined;
    const current = readFacts();
    if (!always && current.url === sentURL) return undefined;
    sentURL = current.url;
    return current;
  };
  const ignore = () => undefined;
  const notice = (mark: Notice) => void then(handler.postMessage(relayedText(token, facts(true), mark, '')), ignore, ignore);

  defineProperty(window, RUNNING, { value: notice });
  notice(BEGAN);
  window.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) notice(RESTORED);
  }, true);
  window.addEventListener(RELAY_REQUEST_EVENT, (event) => {
    const request = readRelayText(eventDetail(event));
    if (!request || request.mark === ERROR) return;
    const id = request.id;
    const changed = facts(false);
    const tooLong = request.mark === TEXT && request.body.length > maxMessageBytes;
    const text = tooLong ? relayedText(token, changed, LENGTH, `${request.body.length}`) : relayedText(token, changed, request.mark, request.body);
    then(handler.postMessage(text),
      (value) => answer(typeof value === 'string' ? relayText(id, TEXT, value) : relayText(id, NONE)),
      (error: unknown) => answer(relayText(id, ERROR, describe(error))),
    );
  });
}

/** Where a window's running relay keeps its notice, on the relay world's global (out of the page's reach). */
const RUNNING = '__todayWebViewBridgeRelay';

/** A relayed notice: the document began, before any page script. */
const BEGAN = '^';
/** A relayed notice: the document came back from the back-forward cache. */
const RESTORED = '~';
type Notice = typeof BEGAN | typeof RESTORED;

/** What starts the facts in a relayed text (`relayedText`). */
const FACTS = '@';

/**
 * The text the relay posts to the host for one request: this document's token (digits), then,
 * when they are new to the host, `@origin\nURL\n`, then the request's mark and body (`:` and JSON
 * text, `#` and a length, or nothing for `undefined`), or a notice's mark (`^`, `~`), read by the
 * core's `RelayedText`.
 */
function relayedText(token: string, facts: DocumentFacts | undefined, mark: string, body: string): string {
  return token + (facts ? `${FACTS}${facts.origin}\n${facts.url}\n` : '') + mark + body;
}
