import type { DocumentMarkerConfiguration } from './configurations.generated.js';

/** The parts of `window` the document marker uses. */
export interface DocumentMarkerWindow extends EventTarget {
  webkit?: { messageHandlers?: Record<string, { postMessage(message: null): unknown } | undefined> };
}

/**
 * Reports each new main-frame document to the host (S4). Runs in an isolated content world of
 * WKWebView, in the main frame, at document start: posts `null` to the handler registered in that
 * world alone, once now and again whenever the page comes back from the back-forward cache
 * (`pageshow` with `persisted`). Without the handler it does nothing.
 */
export default function documentMarker(window: DocumentMarkerWindow, configuration: DocumentMarkerConfiguration): void {
  const handler = window.webkit?.messageHandlers?.[configuration.handlerName];
  if (!handler || typeof handler.postMessage !== 'function') return;
  handler.postMessage(null);
  window.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) handler.postMessage(null);
  });
}
