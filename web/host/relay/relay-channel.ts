import { ERROR, LENGTH, NONE, RELAY_REPLY_EVENT, RELAY_REQUEST_EVENT, TEXT, readRelayText, relayText } from './relay-events.js';
import type { RelayMark, WebKitWindow } from './relay-events.js';
import { ErrorIntrinsic, PromiseIntrinsic, TypeErrorIntrinsic, createObject, customEvent, defineProperty, describe, dispatch, eventDetail, freeze, isArray, ownKeys, reflectApply, rejected, stringify } from '../intrinsics.js';
import { parseWithBytes } from '../bytes/read-bytes.js';
import { announcesBytes, copyAttachments, stringifyWithBytes } from '../bytes/write-bytes.js';
import type { BytesForm, TextWithBytes } from '../bytes/write-bytes.js';

/** A call waiting for its answer. */
export type PendingCall = { resolve: (value: unknown) => void; reject: (reason: unknown) => void };

/**
 * Settles `call` with the host's answer, JSON text parsed with the `JSON` taken at document start,
 * its bytes new `Uint8Array`s (B2); a text that is not JSON, or whose bytes cannot be read, rejects.
 */
export function settleWithText(call: PendingCall, text: string): void {
  try {
    call.resolve(parseWithBytes(text));
  } catch (error) {
    call.reject(error);
  }
}

/**
 * The page's channel: `window.webkit.messageHandlers[channelName]` (C1). `hint` is the SDK's
 * (`PostHint`): `{ bytes: true }` for a message that holds bytes (B1).
 */
export type Channel = { postMessage(message: unknown, hint?: unknown): Promise<unknown> };

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
 * parsed here, a reason, or nothing for `undefined`). Bytes cross in the text, as base64 (B2).
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
    postMessage(message: unknown, hint?: unknown): Promise<unknown> {
      let request: string;
      const id = nextID++;
      try {
        const { mark, body } = messageText(message, maxMessageBytes, announcesBytes(hint) ? 'base64' : undefined);
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

/** A message as it crosses: its mark and body (`relayText`), and in the attachments form its bytes. */
export interface MessageText {
  mark: RelayMark;
  body: string;
  /** The bytes the text names by index (B2), copies of the page's; only when there are some. */
  attachments?: Uint8Array[];
}

/**
 * How a message crosses as text, whichever way it takes (an entry of WebKitGTK's web process
 * extension, the relay, a WKWebView sub-frame's handler): `TEXT` with its JSON, `LENGTH` with the
 * size of a message larger than `maxLength` (the host's limit: such a message is never carried, and
 * the host refuses it by its size, X7), or `NONE` for `undefined`. Throws a `TypeError` for what
 * cannot be cloned (W5).
 *
 * With `bytes`, for a message the SDK said holds bytes (`announcesBytes`), each byte value is
 * written in that form (B2), and the size counts the attachments' bytes too (B4), measured before
 * they are copied. Without it the message is written exactly as it always was.
 */
export function messageText(message: unknown, maxLength: number, bytes?: BytesForm): MessageText {
  let written: TextWithBytes;
  try {
    written = bytes === undefined ? plainText(message) : stringifyWithBytes(message, bytes, maxLength);
  } catch (error) {
    throw new TypeErrorIntrinsic(`The message cannot be sent: ${describe(error)}`);
  }
  const { json, size, ranges } = written;
  if (json === undefined) return { mark: NONE, body: '' };
  if (size > maxLength) return { mark: LENGTH, body: `${size}` };
  return ranges.length === 0 ? { mark: TEXT, body: json } : { mark: TEXT, body: json, attachments: copyAttachments(ranges) };
}

/** A message without bytes as JSON text, its size the text's length. */
function plainText(message: unknown): TextWithBytes {
  // Without a replacer: JavaScriptCore's fast path, twice as fast on a large string. It throws
  // for a cycle or a bigint first, so the check after it meets neither.
  const json = stringify(message) as string | undefined;
  refuseUncloneable(message, '');
  return { json, size: json === undefined ? 0 : json.length, ranges: [] };
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
