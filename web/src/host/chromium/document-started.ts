/** The parts of `window` the notice uses. */
export interface ChromiumDocumentStartedWindow {
  [name: string]: unknown;
}

/** What the Java emulation gives this script. */
export interface ChromiumDocumentStartedConfiguration {
  /** The hidden DevTools binding told that this frame's document-start scripts have run. */
  bindingName: string;
}

/**
 * The last script the emulation injects at document start, after the app's own: takes the
 * binding off `window` (the page never sees it) and calls it with `''`, telling the host that
 * every document-start script of this document has run. In the main frame the host then posts
 * `WebViewClient.onPageStarted`, so messages the document-start scripts sent reach the listener
 * before it, as they can on Android.
 */
export default function chromiumDocumentStarted(window: ChromiumDocumentStartedWindow, configuration: ChromiumDocumentStartedConfiguration): void {
  const binding = window[configuration.bindingName];
  Reflect.deleteProperty(window, configuration.bindingName);
  if (typeof binding === 'function') binding.call(window, '');
}
