import type { DocumentMarkerConfiguration } from './configurations.generated.js';

/** The parts of `window` the document marker uses. */
export interface DocumentMarkerWindow extends EventTarget {
  webkit?: { messageHandlers?: Record<string, { postMessage(message: null | 'restored'): unknown } | undefined> };
}

/**
 * Reports each main-frame document to the host (S4), for an engine that tells no committed
 * navigation itself: runs in an isolated content world, in the main frame, at document start, and
 * posts to the handler registered in that world alone: `null` now (a new document: the adapter
 * calls `documentDidChange()`), and `'restored'` whenever the page comes back from the
 * back-forward cache (`pageshow` with `persisted`: the adapter calls `documentWasRestored()`).
 * Without the handler it does nothing. (WKWebView's adapter has its relay tell both, with the
 * document's token: `webkit/relay.ts`.)
 */
export default function documentMarker(window: DocumentMarkerWindow, configuration: DocumentMarkerConfiguration): void {
  const handler = window.webkit?.messageHandlers?.[configuration.handlerName];
  if (!handler || typeof handler.postMessage !== 'function') return;
  handler.postMessage(null);
  window.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) handler.postMessage('restored');
  });
}
