import type { WebKitRelayConfiguration } from '../configurations.generated.js';
import type { WebKitWindow } from '../relay/relay-events.js';
import { relayDocument } from '../relay/document-relay.js';
import type { RelayHandler } from '../relay/document-relay.js';

/**
 * The main frame's relay in WKWebView (C8, S4), in the bridge's own content world of the top
 * frame, at document start, where no page script reaches: posts each request of the page-world
 * channel (`channel.ts`) to the handler registered in this world alone, as one string with this
 * document's token, and tells the host when its document begins and when it comes back from the
 * back-forward cache (`pageshow` with `persisted`). WebKit's `WKFrameInfo` says the rest of the
 * sender (the main frame, its origin, its URL), so no fact of the document crosses in the text.
 * The host speaks for the last token it was told of: a realm kept after its document left (by a
 * popup) reaches nothing. A request longer than `maxMessageBytes` crosses as its length (X7).
 */
export default function webKitRelay(window: WebKitWindow, configuration: WebKitRelayConfiguration): void {
  const handler = window.webkit?.messageHandlers?.[configuration.handlerName] as RelayHandler | undefined;
  if (window !== window.top || !handler) return;
  relayDocument(window, handler, configuration.maxMessageBytes);
}
