import type { ChromiumWebViewConfiguration } from '../configurations.generated.js';

/** The parts of `window` the emulation uses. */
export interface ChromiumWebViewWindow {
  readonly top: unknown;
  close(): void;
  [name: string]: unknown;
}

/** A listener of an injected object; called with the object as `this`. */
type MessageListener = (this: WebMessageObject, event: MessageEvent) => unknown;

/** The object `WebViewCompat.addWebMessageListener` injects: these four members, no others. */
interface WebMessageObject {
  postMessage(message: unknown): void;
  addEventListener(type: string, listener: unknown): void;
  removeEventListener(type: string, listener: unknown): void;
  onmessage: unknown;
}

/**
 * Makes Chromium, driven over the DevTools protocol, offer a page exactly what Android's WebView
 * offers it, and nothing more. Injected into every frame at document start, before page scripts:
 *
 * - For each listener, takes the DevTools binding `window[bindingName]` off `window` (the page
 *   never sees it) and defines `window[objectName]` as the object `addWebMessageListener` injects:
 *   `postMessage(string)` sends through the binding, `addEventListener`/`removeEventListener`
 *   (`'message'` only) and `onmessage` receive the host's messages.
 * - Defines one hidden global, `window[deliveryName](objectName, message)`, through which the host
 *   delivers a message to that object's listeners as `JavaScriptReplyProxy.postMessage` would; the
 *   host runs it in the frame that sent the request.
 * - Takes `window[closeBindingName]` off `window` in every frame; in the top frame, `window.close()`
 *   first calls it with `''` (Chromium will not close a tab DevTools opened: this stands for
 *   `WebChromeClient.onCloseWindow`).
 */
export default function chromiumWebView(window: ChromiumWebViewWindow, configuration: ChromiumWebViewConfiguration): void {
  if (configuration.deliveryName in window) return;
  const deliveries = new Map<string, (message: string) => void>();
  for (const { objectName, bindingName } of configuration.listeners) {
    const send = takeBinding(window, bindingName);
    if (!send) continue;
    const { object, deliver } = webMessageObject(send);
    deliveries.set(objectName, deliver);
    // As Android installs it (`CreateDataProperty`): writable, enumerable and configurable.
    Object.defineProperty(window, objectName, { value: object, writable: true, enumerable: true, configurable: true });
  }
  Object.defineProperty(window, configuration.deliveryName, {
    value: (objectName: string, message: string) => deliveries.get(objectName)?.(message),
    writable: false,
    enumerable: false,
    configurable: false,
  });

  const notifyClose = takeBinding(window, configuration.closeBindingName);
  if (!notifyClose || window !== window.top) return;
  const close = window.close.bind(window);
  Object.defineProperty(window, 'close', {
    value: () => {
      notifyClose('');
      close();
    },
    configurable: true,
  });
}

/** Removes a DevTools binding from `window` and returns it bound, or `undefined` if missing. */
function takeBinding(window: ChromiumWebViewWindow, name: string): ((text: string) => void) | undefined {
  const binding = window[name];
  Reflect.deleteProperty(window, name);
  return typeof binding === 'function' ? binding.bind(window) : undefined;
}

/** An injected object sending through `send`, and the function that delivers it a message. */
function webMessageObject(send: (text: string) => void): { object: WebMessageObject; deliver: (message: string) => void } {
  const listeners: MessageListener[] = [];
  let onmessage: MessageListener | null = null;
  const object: WebMessageObject = {
    postMessage(message) {
      if (typeof message !== 'string') throw new TypeError('postMessage: the message must be a string');
      send(message);
    },
    addEventListener(type, listener) {
      if (String(type) !== 'message' || typeof listener !== 'function') return;
      if (!listeners.includes(listener as MessageListener)) listeners.push(listener as MessageListener);
    },
    removeEventListener(type, listener) {
      const index = String(type) === 'message' ? listeners.indexOf(listener as MessageListener) : -1;
      if (index !== -1) listeners.splice(index, 1);
    },
    get onmessage() {
      return onmessage;
    },
    set onmessage(value) {
      onmessage = typeof value === 'function' ? (value as MessageListener) : null;
    },
  };
  const deliver = (message: string) => {
    const event = new MessageEvent('message', { data: message });
    const call = (handler: MessageListener) => {
      try {
        handler.call(object, event);
      } catch (error) {
        // Reported, and it does not keep the message from the other listeners.
        const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
        if (report) report(error);
        else console.error(error);
      }
    };
    // As Android does: `onmessage` first, then each listener still registered when its turn comes.
    if (onmessage) call(onmessage);
    for (const listener of listeners.slice()) if (listeners.includes(listener)) call(listener);
  };
  return { object, deliver };
}
