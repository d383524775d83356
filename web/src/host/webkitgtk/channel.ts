import type { WebKitGTKChannelConfiguration } from '../configurations.generated.js';
import { ERROR, LENGTH, NONE, RELAY_REPLY_EVENT, RELAY_REQUEST_EVENT, TEXT, readRelayText, relayText } from './relay-events.js';
import type { RelayFrame, WebKitGTKWindow } from './relay-events.js';
import { ErrorIntrinsic, PromiseIntrinsic, TypeErrorIntrinsic, createObject, customEvent, defineProperty, describe, dispatch, eventDetail, freeze, isArray, ownKeys, parse, reflectApply, rejected, stringify } from '../intrinsics.js';

type PendingCall = { resolve: (value: unknown) => void; reject: (reason: unknown) => void };
type Channel = { postMessage(message: unknown): Promise<unknown> };
/** The web process extension's entry: the message's text, and a callback called once with `(value)` or `(undefined, reason)`. */
type Entry = (text: string, settle: (value: unknown, reason?: string) => void) => void;

/**
 * The channel on WebKitGTK (C1, C8), in the page world: defines
 * `window.webkit.messageHandlers[channelName]` as a frozen `{ postMessage(message): Promise }`,
 * over whichever way the host has.
 *
 * - **The web process extension** (every frame): where the extension defined its native entry on
 *   `window` (`entryName`, before any page script), each message's text goes to the entry, which
 *   sends it to the host with the engine's facts about this frame, and the host's answer comes
 *   back through the entry's callback.
 * - **The relay** (top frame only), where the extension did not load: WebKitGTK's message
 *   signal does not say which frame sent a message, so the channel hands the numbered message's
 *   text to the relay (`relay.ts`, an isolated world of the same frame) through a synchronous DOM
 *   event on `window`, and settles the promise when the relay's reply with that number comes
 *   back. Sub-frames keep WebKit's own channel, which the host treats as an unidentified frame.
 *
 * Either way a message crosses as its JSON text (`messageText`): one string crosses worlds and
 * processes more cheaply than an object, and the host reads JSON anyway. A message longer than
 * the host's limit is not carried, only its length (X7); one that cannot be cloned is refused at
 * once with a `TypeError` (W5). Nothing is defined where WebKit defines no message handlers.
 *
 * What a call uses is taken at document start (`intrinsics.ts`): a page that later replaces
 * `JSON`, `Promise` or `EventTarget.prototype` members does not change how its calls settle.
 */
export default function webKitGTKChannel(window: WebKitGTKWindow, configuration: WebKitGTKChannelConfiguration): void {
  const handlers = window.webkit?.messageHandlers;
  if (!handlers) return;
  const entry = window[configuration.entryName];
  const channel = typeof entry === 'function' ? extensionChannel(entry as Entry, configuration)
    : window === window.top ? relayChannel(window, configuration)
    : undefined;
  if (!channel) return;
  // WebKit makes a new `window.webkit.messageHandlers` wrapper, with its own channel back in
  // place of this one, once nothing holds the old wrapper and the collector has run. A listener
  // lives as long as the page: holding the wrapper there keeps the channel defined.
  window.addEventListener(RELAY_REPLY_EVENT, () => void handlers);
  try {
    defineProperty(handlers, configuration.channelName, { value: channel, writable: false, configurable: false, enumerable: true });
  } catch {
    // A window WebKit kept for the document replacing its initial empty one: its channel stays.
  }
}

/** The channel over the web process extension's entry. */
function extensionChannel(entry: Entry, configuration: WebKitGTKChannelConfiguration): Channel {
  return freeze({
    postMessage(message: unknown): Promise<unknown> {
      let text: string;
      try {
        const { mark, body } = messageText(message, configuration.maxMessageBytes);
        text = mark === LENGTH ? mark + body : body;  // JSON text never starts with the mark
      } catch (error) {
        return rejected(error);
      }
      return new PromiseIntrinsic((resolve, reject) => {
        entry(text, (value, reason) => (reason === undefined ? resolve(value) : reject(new ErrorIntrinsic(reason))));
      });
    },
  });
}

/** The top frame's channel over the relay. */
function relayChannel(window: WebKitGTKWindow, configuration: WebKitGTKChannelConfiguration): Channel {
  // Calls by id, in an object without a prototype: no `Map` method a page could replace.
  const pending = createObject(null) as Record<number, PendingCall | undefined>;
  let nextID = 1;
  window.addEventListener(RELAY_REPLY_EVENT, (event) => {
    const reply = readRelayText(eventDetail(event));
    const call = reply && pending[reply.id];
    if (!reply || !call || reply.mark === LENGTH) return;
    delete pending[reply.id];
    if (reply.mark === ERROR) return call.reject(new ErrorIntrinsic(reply.body));
    if (reply.mark === NONE) return call.resolve(undefined);
    try {
      call.resolve(parse(reply.body));
    } catch (error) {
      call.reject(error);
    }
  });
  return freeze({
    postMessage(message: unknown): Promise<unknown> {
      let request: string;
      const id = nextID++;
      try {
        const { mark, body } = messageText(message, configuration.maxMessageBytes);
        request = relayText(id, mark, body);
      } catch (error) {
        return rejected(error);
      }
      return new PromiseIntrinsic((resolve, reject) => {
        pending[id] = { resolve, reject };
        try {
          dispatch(window, customEvent(RELAY_REQUEST_EVENT, request));
        } catch (error) {
          delete pending[id];
          reject(error);
        }
      });
    },
  });
}

/**
 * How a message crosses as text, whichever way it takes (the web process extension's entry, or
 * the relay): `TEXT` with its JSON, `LENGTH` with the length of a text longer than `maxLength`
 * (the host's limit: such a message is never carried, and the host refuses it by its length, X7),
 * or `NONE` for `undefined`. Throws a `TypeError` for what cannot be cloned (W5).
 */
function messageText(message: unknown, maxLength: number): RelayFrame {
  let json: string | undefined;
  try {
    // Without a replacer: JavaScriptCore's fast path, twice as fast on a large string. It throws
    // for a cycle or a bigint first, so the check after it meets neither.
    json = stringify(message);
    refuseUncloneable(message, '');
  } catch (error) {
    throw new TypeErrorIntrinsic(`The message cannot be sent: ${describe(error)}`);
  }
  if (json === undefined) return { id: 0, mark: NONE, body: '' };
  return json.length > maxLength ? { id: 0, mark: LENGTH, body: `${json.length}` } : { id: 0, mark: TEXT, body: json };
}

/**
 * Throws for a function or a symbol among the values `JSON.stringify` visits (each after its
 * `toJSON`), which structured cloning refuses and JSON would drop quietly.
 */
function refuseUncloneable(value: unknown, key: string): void {
  if (value !== null && typeof value === 'object') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = reflectApply(toJSON, value, [key]);
  }
  if (typeof value === 'function' || typeof value === 'symbol') throw new TypeErrorIntrinsic(`a ${typeof value} cannot be cloned`);
  if (value === null || typeof value !== 'object') return;
  const object = value as Record<string, unknown>;
  if (isArray(object)) {
    for (let index = 0; index < object.length; index++) refuseUncloneable(object[index], `${index}`);
    return;
  }
  const names = ownKeys(object);
  for (let index = 0; index < names.length; index++) refuseUncloneable(object[names[index]], names[index]);
}
