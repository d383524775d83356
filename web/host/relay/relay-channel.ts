import { ERROR, LENGTH, NONE, RELAY_REPLY_EVENT, RELAY_REQUEST_EVENT, TEXT, readRelayText, relayText } from './relay-events.js';
import type { RelayFrame, WebKitWindow } from './relay-events.js';
import { ErrorIntrinsic, PromiseIntrinsic, TypeErrorIntrinsic, createObject, customEvent, defineProperty, describe, dispatch, eventDetail, freeze, isArray, ownKeys, parse, reflectApply, rejected, stringify } from '../intrinsics.js';

/** A call waiting for its answer. */
export type PendingCall = { resolve: (value: unknown) => void; reject: (reason: unknown) => void };

/** Settles `call` with the host's answer, JSON text parsed with the `JSON` taken at document start. */
export function settleWithText(call: PendingCall, text: string): void {
  try {
    call.resolve(parse(text));
  } catch (error) {
    call.reject(error);
  }
}

/** The page's channel: `window.webkit.messageHandlers[channelName]` (C1). */
export type Channel = { postMessage(message: unknown): Promise<unknown> };

/**
 * Defines `channel` as `handlers[channelName]`, frozen, enumerable, not writable, not
 * configurable: in place of WebKit's own handler of that name, which the page then cannot reach.
 */
export function defineChannel(window: WebKitWindow, handlers: object, channelName: string, channel: Channel): void {
  // WebKit makes a new `window.webkit.messageHandlers` wrapper, with its own channel back in
  // place of this one, once nothing holds the old wrapper and the collector has run. A listener
  // lives as long as the page: holding the wrapper there keeps the channel defined.
  window.addEventListener(RELAY_REPLY_EVENT, () => void handlers);
  try {
    defineProperty(handlers, channelName, { value: channel, writable: false, configurable: false, enumerable: true });
  } catch {
    // A window WebKit kept for the document replacing its initial empty one: its channel stays.
  }
}

/**
 * The top frame's channel over the relay (`document-relay.ts`, an isolated world of the same
 * frame): hands each numbered message's text to the relay through a synchronous DOM event on
 * `window`, and settles the promise when the relay's reply with that number comes back (JSON text
 * parsed here, a reason, or nothing for `undefined`).
 */
export function relayChannel(window: WebKitWindow, maxMessageBytes: number): Channel {
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
    settleWithText(call, reply.body);
  });
  return freeze({
    postMessage(message: unknown): Promise<unknown> {
      let request: string;
      const id = nextID++;
      try {
        const { mark, body } = messageText(message, maxMessageBytes);
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
 * How a message crosses as text, whichever way it takes (an entry of WebKitGTK's web process
 * extension, or the relay): `TEXT` with its JSON, `LENGTH` with the length of a text longer than
 * `maxLength` (the host's limit: such a message is never carried, and the host refuses it by its
 * length, X7), or `NONE` for `undefined`. Throws a `TypeError` for what cannot be cloned (W5).
 */
export function messageText(message: unknown, maxLength: number): RelayFrame {
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
