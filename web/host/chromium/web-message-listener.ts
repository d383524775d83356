import { StringIntrinsic, TypeErrorIntrinsic, createObject, defineProperty, isArray, reflectApply, stringify } from '../intrinsics.js';
import { readBytes } from '../../src/byte-values.js';
import type { ByteRange } from '../../src/byte-values.js';
import { decodeBase64, encodeBase64 } from '../bytes/base64.js';

/** The parts of `window` the emulation uses. */
export interface ChromiumWebViewWindow {
  readonly top: unknown;
  close(): void;
  addEventListener(type: 'unload', listener: () => void): void;
  [name: string]: unknown;
}

/**
 * What the Java emulation of Android's WebView (`android/emulation`, `today.emulation.WebViewEngine`)
 * gives this script: the objects `WebViewCompat.addWebMessageListener` injects, and the hidden
 * DevTools bindings and global it talks through. Every hidden name is fresh per web view.
 */
export interface ChromiumWebViewConfiguration {
  /** The injected objects' names on `window`, one per listener whose origin rules match. */
  objectNames: string[];
  /** The objects `WebView.addJavascriptInterface` adds: each name on `window`, and its methods. */
  javascriptInterfaces: { name: string; methods: string[] }[];
  /** The DevTools binding every object's `postMessage` sends through (see `postText`). */
  postBindingName: string;
  /** The hidden global through which the host delivers a reply proxy's messages. */
  deliveryName: string;
  /** The DevTools binding told when the main frame calls `window.close()`. */
  closeBindingName: string;
  /**
   * Whether the web view keeps pages in the back-forward cache (androidx.webkit's
   * `WebSettingsCompat.setBackForwardCacheEnabled`; off by default, as on Android).
   */
  backForwardCache: boolean;
}

/** A message listener of an injected object; called with the object as `this`. */
type MessageListener = (this: WebMessageObject, event: { data: string | ArrayBuffer }) => unknown;

/** The object `WebViewCompat.addWebMessageListener` injects: these four members, no others. */
interface WebMessageObject {
  postMessage(message: unknown, ports?: unknown): void;
  addEventListener(type: string, listener: unknown): void;
  removeEventListener(type: string, listener: unknown): void;
  onmessage: unknown;
}

/**
 * Makes Chromium, driven over the DevTools protocol, offer a page exactly what Android's WebView
 * offers it, and nothing more (Chromium's `components/js_injection/renderer/js_binding.cc`).
 * Injected into every frame at document start, before page scripts:
 *
 * - Takes the DevTools bindings off `window` (the page never sees them) and defines each
 *   `window[objectName]` as the object `addWebMessageListener` injects: `postMessage(message)`
 *   takes a string or an `ArrayBuffer` (anything else, or ports, throws a `TypeError`) and sends it
 *   through the hidden binding; `addEventListener`/`removeEventListener` (`'message'` only) and
 *   `onmessage` receive the host's messages as `{ data }`.
 * - Defines one hidden global, `window[deliveryName](objectName, kind, payload)`, through which
 *   the host delivers a message to that object as `JavaScriptReplyProxy.postMessage` would
 *   (`web-message-reply.ts`); the host runs it in the frame that sent the request.
 * - Defines each `addJavascriptInterface` object: each of its `@JavascriptInterface` methods sends
 *   its name and its arguments as strings (`null` for `null` and `undefined`) through the binding,
 *   for the host to call on its "JavaBridge" thread; the page's call returns `undefined` at once.
 * - In the top frame, `window.close()` first calls the close binding with `''` (Chromium will not
 *   close a tab DevTools opened: this stands for `WebChromeClient.onCloseWindow`).
 * - In the top frame of a web view without the back-forward cache (WebView's default), adds an
 *   `unload` listener that does nothing and that the page cannot reach: Chromium then keeps the
 *   page out of its own cache (`UnloadHandlerExistsInMainFrame`), so Back loads it again, as a new
 *   document, as Android's WebView does.
 *
 * Android's injected objects are native: a page replacing globals cannot change them. So these
 * take what they use at document start (`intrinsics.ts`), and keep their listeners without array
 * methods.
 */
export default function chromiumWebView(window: ChromiumWebViewWindow, configuration: ChromiumWebViewConfiguration): void {
  if (configuration.deliveryName in window) return;
  const post = takeBinding(window, configuration.postBindingName);
  const notifyClose = takeBinding(window, configuration.closeBindingName);
  const deliveries = createObject(null) as Record<string, ((data: string | ArrayBuffer) => void) | undefined>;
  for (const objectName of post ? configuration.objectNames : []) {
    const { object, deliver } = webMessageObject((message) => post!(postText(objectName, message)));
    deliveries[objectName] = deliver;
    // As Android installs it (`CreateDataProperty`): writable, enumerable and configurable.
    defineProperty(window, objectName, { value: object, writable: true, enumerable: true, configurable: true });
  }
  for (const { name, methods } of post ? configuration.javascriptInterfaces : []) {
    const object: Record<string, (...args: unknown[]) => void> = {};
    for (const method of methods) {
      object[method] = (...args: unknown[]) => post!(interfaceCallText(name, method, args));
    }
    defineProperty(window, name, { value: object, writable: true, enumerable: true, configurable: true });
  }
  defineProperty(window, configuration.deliveryName, {
    value: (objectName: string, kind: string, payload: string) => deliveries[objectName]?.(kind === 'b' ? fromBase64(payload) : payload),
    writable: false,
    enumerable: false,
    configurable: false,
  });

  if (window !== window.top) return;
  if (!configuration.backForwardCache) window.addEventListener('unload', () => {});
  if (!notifyClose) return;
  const close = window.close.bind(window);
  defineProperty(window, 'close', {
    value: () => {
      notifyClose('');
      close();
    },
    configurable: true,
  });
}

/**
 * What the post binding carries for one message: `s` (a string) or `b` (an `ArrayBuffer`, in
 * base64), the object's name as `<length>:<name>`, then the payload.
 */
export function postText(objectName: string, message: string | ArrayBuffer): string {
  const kind = typeof message === 'string' ? 's' : 'b';
  return `${kind}${objectName.length}:${objectName}${typeof message === 'string' ? message : toBase64(message)}`;
}

/**
 * A call of an `addJavascriptInterface` object's method: `j`, the object's name as
 * `<length>:<name>`, then `[method, ...args]` as JSON, each argument as a string (`null` for `null`
 * and `undefined`). Android converts the arguments natively: the JSON is written out here, with
 * no array a page's `Object.prototype.toJSON` or `Array.prototype` members could reach.
 */
export function interfaceCallText(name: string, method: string, args: unknown[]): string {
  let json = `[${stringify(method)}`;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    json += `,${arg === null || arg === undefined ? 'null' : stringify(StringIntrinsic(arg))}`;
  }
  return `j${name.length}:${name}${json}]`;
}

/** Removes a DevTools binding from `window` and returns it bound, or `undefined` if missing. */
function takeBinding(window: ChromiumWebViewWindow, name: string): ((text: string) => void) | undefined {
  const binding = window[name];
  Reflect.deleteProperty(window, name);
  return typeof binding === 'function' ? binding.bind(window) : undefined;
}

/** An injected object sending through `send`, and the function that delivers it a message. */
function webMessageObject(send: (message: string | ArrayBuffer) => void): {
  object: WebMessageObject;
  deliver: (data: string | ArrayBuffer) => void;
} {
  // Registered listeners in order; a removed one leaves a hole (`undefined`), never reused.
  const listeners: (MessageListener | undefined)[] = [];
  const indexOf = (listener: unknown) => {
    for (let index = 0; index < listeners.length; index++) if (listeners[index] === listener) return index;
    return -1;
  };
  let onmessage: MessageListener | null = null;
  const object: WebMessageObject = {
    postMessage(...args: unknown[]) {
      const message = args[0];
      if (args.length === 0 || (typeof message !== 'string' && !(message instanceof ArrayBuffer))) {
        throw new TypeErrorIntrinsic('postMessage: the message must be a string or an ArrayBuffer');
      }
      // Android takes an array of MessagePorts second; the emulation carries none.
      const ports = args[1];
      if (args.length >= 2 && !(isArray(ports) && ports.length === 0)) {
        throw new TypeErrorIntrinsic('postMessage: the emulation carries no MessagePorts');
      }
      send(message);
    },
    addEventListener(type, listener) {
      if (`${type}` !== 'message' || typeof listener !== 'function') return;
      if (indexOf(listener) === -1) listeners[listeners.length] = listener as MessageListener;
    },
    removeEventListener(type, listener) {
      const index = `${type}` === 'message' ? indexOf(listener) : -1;
      if (index !== -1) listeners[index] = undefined;
    },
    get onmessage() {
      return onmessage;
    },
    set onmessage(value) {
      onmessage = typeof value === 'function' ? (value as MessageListener) : null;
    },
  };
  const deliver = (data: string | ArrayBuffer) => {
    // As Chromium builds it: a plain object with `data`, not a MessageEvent.
    const event = { data };
    const call = (handler: MessageListener) => {
      try {
        reflectApply(handler, object, [event]);
      } catch (error) {
        // Reported, and it does not keep the message from the other listeners.
        const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
        if (report) report(error);
        else console.error(error);
      }
    };
    // As Android does: `onmessage` first, then each listener registered now and still registered
    // when its turn comes.
    if (onmessage) call(onmessage);
    const count = listeners.length;
    for (let index = 0; index < count; index++) {
      const listener = listeners[index];
      if (listener) call(listener);
    }
  };
  return { object, deliver };
}

/** The base64 of an `ArrayBuffer` the page posts; a `TypeError` for a detached or resizable one. */
function toBase64(buffer: ArrayBuffer): string {
  const range = readBytes(buffer);
  if (typeof range !== 'object') throw new TypeErrorIntrinsic(`postMessage: ${range ?? 'not an ArrayBuffer'}`);
  return encodeBase64(range);
}

/** The `ArrayBuffer` of a base64 payload the host wrote. */
function fromBase64(text: string): ArrayBuffer {
  const bytes = decodeBase64(text);
  if (bytes === undefined) throw new TypeErrorIntrinsic('the payload is not base64');
  return (readBytes(bytes) as ByteRange).buffer;
}
