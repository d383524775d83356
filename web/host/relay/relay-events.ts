/*
 * The DOM events between a WebKit engine's page-world channel (`relay-channel.ts`) and its
 * isolated-world relay (`document-relay.ts`), both in the top frame, dispatched synchronously on
 * `window`: WebKitGTK's where its web process extension did not load (`webkitgtk/`), WKWebView's
 * always (`webkit/`). Their `detail` is text, never an object: WebKit hands a string to the other
 * world as it is, but makes a structured clone of an object (hashing every string inside it, a
 * whole message's text included). Internal to these scripts: the host never sees them.
 */
import { exec, slice } from '../intrinsics.js';

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
  const head = exec(RELAY_HEAD, detail);
  if (!head) return undefined;
  const body = slice(detail, head[0].length);  // a view into the text in JavaScriptCore, not a copy
  const mark = head[2] as RelayMark;
  if (mark === NONE && body !== '') return undefined;
  if (mark === LENGTH && !exec(RELAY_LENGTH, body)) return undefined;
  return { id: +head[1], mark, body };
}

/** A relay text's id and mark. */
const RELAY_HEAD = /^(\d{1,15})([:#!]?)/;
/** A length's digits. */
const RELAY_LENGTH = /^\d{1,15}$/;

/** The parts of `window` the channel and the relay use. */
export interface WebKitWindow extends EventTarget {
  readonly top: unknown;
  webkit?: { messageHandlers?: Record<string, { postMessage(message: unknown): unknown } | undefined> };
  [name: string]: unknown;
}
