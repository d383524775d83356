/*
 * The text a message crosses as on WebKitGTK, and the DOM events between WebKitGTK's page-world channel (`channel.ts`) and its isolated-world
 * relay (`relay.ts`), both in the top frame, dispatched synchronously on `window`. Their `detail`
 * is text, never an object: WebKit hands a string to the other world as it is, but makes a
 * structured clone of an object (hashing every string inside it, a whole message's text
 * included). Internal to these two scripts: the host never sees them.
 */

/** Channel to relay: a request's text (`relayText`): `TEXT` with the message's JSON, `LENGTH` with the length of a message too long to carry, or `NONE` for `undefined`. */
export const RELAY_REQUEST_EVENT = 'todaywebviewbridge:relay-request';

/** Relay to channel: a reply's text (`relayText`): `TEXT` with the answer's JSON, `ERROR` with the reason, or `NONE` for `undefined`. */
export const RELAY_REPLY_EVENT = 'todaywebviewbridge:relay-reply';

/** What follows the id in a relay text: JSON text. */
export const TEXT = ':';
/** What follows the id in a relay text: the length of a message too long to carry. */
export const LENGTH = '#';
/** What follows the id in a relay text: the reason the host rejected the call. */
export const ERROR = '!';
/** Nothing follows the id: `undefined`. */
export const NONE = '';

export type RelayMark = typeof TEXT | typeof LENGTH | typeof ERROR | typeof NONE;

/** One request or reply, numbered by the channel. */
export interface RelayFrame {
  id: number;
  mark: RelayMark;
  body: string;
}

/** A relay event's detail: the id, the mark, then the body. */
export function relayText(id: number, mark: RelayMark, body = ''): string {
  return `${id}${mark}${body}`;
}

/**
 * Reads a relay event's detail; `undefined` for anything `relayText` does not make (nothing after
 * `NONE`, anything but 1 to 15 digits after `LENGTH`).
 */
export function readRelayText(detail: unknown): RelayFrame | undefined {
  if (typeof detail !== 'string') return undefined;
  const head = /^(\d{1,15})([:#!]?)/.exec(detail);
  if (!head) return undefined;
  const body = detail.slice(head[0].length);  // a view into the text in JavaScriptCore, not a copy
  const mark = head[2] as RelayMark;
  if (mark === NONE && body !== '') return undefined;
  if (mark === LENGTH && !/^\d{1,15}$/.test(body)) return undefined;
  return { id: Number(head[1]), mark, body };
}

/** Relay to host: what starts the facts in a relayed text (`relayedText`). */
export const FACTS = '@';

/**
 * The text the relay posts to the host for one request: this document's token (digits), then,
 * when they are new to the host, `@origin\nURL\n`, then the request's mark and body (`:` and JSON
 * text, `#` and a length, or nothing for `undefined`).
 */
export function relayedText(token: string, facts: { origin: string; url: string } | undefined, mark: string, body: string): string {
  return token + (facts ? `${FACTS}${facts.origin}\n${facts.url}\n` : '') + mark + body;
}

/**
 * How a message crosses as text, whichever way it takes (the web process extension's entry, or
 * the relay): `TEXT` with its JSON, `LENGTH` with the length of a text longer than `maxLength`
 * (the host's limit: such a message is never carried, and the host refuses it by its length, X7),
 * or `NONE` for `undefined`. Throws a `TypeError` for what cannot be cloned (W5).
 */
export function messageText(message: unknown, maxLength: number): RelayFrame {
  let json: string | undefined;
  try {
    json = JSON.stringify(message, refuseUncloneable);
  } catch (error) {
    throw new TypeError(`The message cannot be sent: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (json === undefined) return { id: 0, mark: NONE, body: '' };
  return json.length > maxLength ? { id: 0, mark: LENGTH, body: String(json.length) } : { id: 0, mark: TEXT, body: json };
}

/** `JSON.stringify`'s replacer: refuses what structured cloning refuses and JSON would drop quietly. */
function refuseUncloneable(_key: string, value: unknown): unknown {
  if (typeof value === 'function' || typeof value === 'symbol') throw new TypeError(`a ${typeof value} cannot be cloned`);
  return value;
}

/** The parts of `window` both scripts use. */
export interface WebKitGTKWindow extends EventTarget {
  readonly top: unknown;
  webkit?: { messageHandlers?: Record<string, { postMessage(message: unknown): unknown } | undefined> };
  [name: string]: unknown;
}
