import type { WebKitGTKRelayConfiguration } from '../configurations.generated.js';
import type { WebKitWindow } from '../relay/relay-events.js';
import { relayDocument } from '../relay/document-relay.js';
import type { RelayHandler } from '../relay/document-relay.js';

/** The parts of `window` the relay uses. */
export interface WebKitGTKRelayWindow extends WebKitWindow {
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
 * Each request crosses to the host as one string (`relayedText`, read by the core's
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
  const handler = window.webkit?.messageHandlers?.[configuration.handlerName] as RelayHandler | undefined;
  if (window !== window.top || !handler) return;
  relayDocument(window, handler, configuration.maxMessageBytes, () => ({ origin: window.origin, url: window.location.href }));
}
