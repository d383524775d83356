import { STRING_REPLY_EVENT } from '../src/protocol.generated.js';
import type { StringTransportReply } from '../src/protocol.generated.js';
import type { AndroidShimConfiguration } from './configurations.generated.js';
import {
  ErrorIntrinsic, PromiseIntrinsic, TypeErrorIntrinsic, Uint8ArrayIntrinsic, createObject, defineProperty, describe, eventDetail, freeze, hasOwn, isArray, rejected, stringify, structuredCloneIntrinsic,
} from './intrinsics.js';
import { readBytes } from '../src/byte-values.js';
import type { ByteRange } from '../src/byte-values.js';
import { parseWithBytes } from './bytes/read-bytes.js';
import { announcesBytes, copyAttachments, stringifyWithBytes } from './bytes/write-bytes.js';

/**
 * Receives the `message` events of Android's injected object: `event.data` is a reply's text, or,
 * with `attachesBytes`, an `ArrayBuffer` the next text names by index.
 */
type MessageListener = (event: { data?: unknown }) => void;

/**
 * What a string-only host defines as `window[bindingName]`: the object Android's
 * `WebViewCompat.addWebMessageListener` injects into each frame (replies arrive as its `message`
 * events), a `@JavascriptInterface` object with `postMessage` only, or a function (Chromium's
 * `Runtime.addBinding`).
 */
type Binding =
  | ((text: string) => void)
  | {
      postMessage(message: string | ArrayBuffer): void;
      addEventListener?: (type: 'message', listener: MessageListener) => void;
      onmessage?: MessageListener | null;
    };

/** The parts of `window` the shim uses. */
export interface AndroidShimWindow extends EventTarget {
  readonly top: unknown;
  [name: string]: unknown;
}

type PendingCall = { resolve: (value: unknown) => void; reject: (reason: unknown) => void };

/**
 * The Android shim (A1): presents the channel `window[channelName].postMessage(message): Promise`
 * over the string-only binding `window[bindingName]`, before page scripts run. Does nothing
 * without the binding or when the channel exists already.
 *
 * A request is the text of `{ id, message }` (`StringTransportRequest`); its promise settles
 * once, with the first `StringTransportReply` carrying its id, from either reply route:
 * - a `message` event on this frame's own binding object (`JavaScriptReplyProxy.postMessage`);
 * - in the top frame, a `STRING_REPLY_EVENT` DOM event on `window` whose `detail` is the reply's
 *   text (hosts that can only run script in the main frame, `evaluateJavascript`).
 *
 * A sub-frame that has neither route sends notifications, `{ message }` without an id, and
 * resolves `undefined` at once. A message that cannot be cloned or serialized is refused at once
 * with a `TypeError` (W5). Bytes cross in the text as base64, both ways (B2): a message the SDK
 * says holds bytes (`postMessage(message, { bytes: true })`) is written with them, and a reply's
 * become new `Uint8Array`s; a reply whose bytes cannot be read is ignored, as one that is not
 * JSON. With `attachesBytes` (Android's `WEB_MESSAGE_ARRAY_BUFFER`), bytes cross beside the text
 * instead, without base64: each of a message's byte values is posted as a new `ArrayBuffer` of its
 * own, in order, right before the request's text, which names each by its index and carries their
 * number (`{"id":N,"attachments":n,"message":…}`); a reply's `ArrayBuffer`s on the frame's binding
 * object are kept for the reply text that follows them, which names them the same way. Replies
 * through `STRING_REPLY_EVENT` stay base64. With `announcesDocuments`, the shim in the top frame sends the empty
 * text as its document starts, before the page's scripts run, and again when the page is shown
 * from the back-forward cache (`pageshow` with `persisted`): the notice that its document is shown,
 * for a host that learns of documents late (Android, S4). No host answers it, and the host reads
 * nothing in it but the reply route it came through, which a page cannot forge.
 *
 * What a call uses is taken at document start (`intrinsics.ts`), and a reply is read from its own
 * properties only: a page that later replaces `JSON`, `Promise`, `Map` or `EventTarget.prototype`
 * members, or adds properties to `Object.prototype` (a `toJSON`, setters), does not change how its
 * calls settle.
 */
export default function androidShim(window: AndroidShimWindow, configuration: AndroidShimConfiguration): void {
  const binding = window[configuration.bindingName] as Binding | undefined;
  const send = sender(binding, window);
  if (!send || configuration.channelName in window) return;

  // Calls by id, in an object without a prototype: no `Map` method a page could replace.
  const pending = createObject(null) as Record<number, PendingCall | undefined>;
  const settle = (text: unknown, attachments?: readonly Uint8Array[]) => {
    const reply = parseReply(text, attachments);
    const call = reply && pending[reply.id];
    if (!reply || !call) return;
    delete pending[reply.id];
    if (hasOwn(reply, 'error')) call.reject(new ErrorIntrinsic(`${reply.error}`));
    else call.resolve(hasOwn(reply, 'value') ? reply.value : undefined);
  };
  const framesOwnRoute = listenForReplies(binding!, settle, configuration.attachesBytes);
  const isTop = window === window.top;
  if (isTop) window.addEventListener(STRING_REPLY_EVENT, (event) => settle(eventDetail(event)));
  const answered = framesOwnRoute || isTop;
  let nextID = randomIDBase();

  const channel = freeze({
    postMessage(message: unknown, hint?: unknown): Promise<unknown> {
      let text: string;
      let attachments: ArrayBuffer[] | undefined;
      const id = answered ? nextID++ : undefined;
      try {
        const form = configuration.attachesBytes ? 'attachments' : 'base64';
        const { json, size, ranges } = announcesBytes(hint) ? stringifyWithBytes(message, form, configuration.maxMessageBytes) : plainJSON(message);
        // Copied only once measured (B4): a message too large carries neither text nor bytes.
        if (ranges.length > 0 && size <= configuration.maxMessageBytes) attachments = buffersOf(copyAttachments(ranges));
        text = requestText(id, json, size, configuration.maxMessageBytes, attachments === undefined ? 0 : attachments.length);
      } catch (error) {
        return rejected(refusal(error));
      }
      return new PromiseIntrinsic((resolve, reject) => {
        if (id !== undefined) pending[id] = { resolve, reject };
        try {
          // Each attachment, then the text, in one turn of this frame's script: nothing the page
          // runs comes between them.
          if (attachments !== undefined) for (let index = 0; index < attachments.length; index++) send(attachments[index]);
          send(text);
        } catch (error) {
          if (id !== undefined) delete pending[id];
          reject(refusal(error));
          return;
        }
        if (id === undefined) resolve(undefined);
      });
    },
  });
  defineProperty(window, configuration.channelName, { value: channel, writable: false, configurable: false, enumerable: false });
  if (isTop && configuration.announcesDocuments) {
    const announce = () => {
      try {
        send('');
      } catch {
        // A host that refuses the notice learns of the document later, from the engine.
      }
    };
    announce();
    window.addEventListener('pageshow', (event) => {
      if ((event as PageTransitionEvent).persisted === true) announce();
    });
  }
}

/**
 * A message without bytes as JSON text, its size the text's length. Refuses what structured
 * cloning refuses (functions, symbols...), which JSON would drop.
 */
function plainJSON(message: unknown): { json: string | undefined; size: number; ranges: ByteRange[] } {
  if (structuredCloneIntrinsic) structuredCloneIntrinsic(message);
  const json = stringify(message) as string | undefined;
  return { json, size: json === undefined ? 0 : json.length, ranges: [] };
}

/** Each copy's own `ArrayBuffer`, read with the intrinsics taken at document start. */
function buffersOf(copies: Uint8Array[]): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (let index = 0; index < copies.length; index++) buffers[index] = (readBytes(copies[index]) as ByteRange).buffer;
  return buffers;
}

/**
 * The request's text, id first (`{"id":N,"message":…}`, or `{"message":…}` for a notification;
 * `StringTransportRequest`), from the message's JSON text and its size, with the number of
 * attachments posted before it when there are some (`{"id":N,"attachments":n,"message":…}`). A message larger than the
 * host accepts is not carried, only its size: the host refuses it (X7) and nothing large crosses
 * the bridge.
 *
 * Only the message goes through `JSON.stringify`, as JSON carries it (its own `toJSON` included);
 * the envelope is written out here. An envelope object would inherit what a page puts on
 * `Object.prototype`: a `toJSON` there would replace the whole request, its id with it, and the
 * host could never answer; a `length` setter would swallow the length.
 */
function requestText(id: number | undefined, json: string | undefined, size: number, maxMessageBytes: number, attachments: number): string {
  let idField = id === undefined ? '' : `"id":${id}`;
  if (attachments > 0) idField += `${idField === '' ? '' : ','}"attachments":${attachments}`;
  if (json === undefined) return `{${idField}}`;
  const separator = idField === '' ? '' : ',';
  if (size > maxMessageBytes) return `{${idField}${separator}"length":${size}}`;
  return `{${idField}${separator}"message":${json}}`;
}

/**
 * Sends a text, or an `ArrayBuffer` with `attachesBytes`, through the binding, bound now so that
 * later changes by the page do not matter.
 */
function sender(binding: Binding | undefined, window: AndroidShimWindow): ((message: string | ArrayBuffer) => void) | undefined {
  if (typeof binding === 'function') return binding.bind(window) as (message: string | ArrayBuffer) => void;
  if (binding && typeof binding === 'object' && typeof binding.postMessage === 'function') return binding.postMessage.bind(binding);
  return undefined;
}

/**
 * Listens for replies on the frame's own binding object, when it can carry them: through
 * `addEventListener('message')` when it has it, else its `onmessage`. Returns whether it can.
 * With `attachesBytes`, each `ArrayBuffer` that comes is kept, in order, for the next text, which
 * takes them all: the host posts a reply's attachments right before its text, on this frame's
 * route only.
 */
function listenForReplies(binding: Binding, settle: (text: unknown, attachments?: readonly Uint8Array[]) => void, attachesBytes: boolean): boolean {
  if (typeof binding !== 'object') return false;
  let received: Uint8Array[] = [];
  const listener: MessageListener = (event) => {
    const data = event && event.data;
    if (typeof data === 'string' || !attachesBytes) {
      const attachments = received;
      received = [];
      settle(data, attachments);
      return;
    }
    const range = readBytes(data);
    if (range !== undefined && typeof range === 'object') received[received.length] = new Uint8ArrayIntrinsic(range.buffer, range.offset, range.length);
  };
  if (typeof binding.addEventListener === 'function') {
    binding.addEventListener('message', listener);
    return true;
  }
  if ('onmessage' in binding) {
    binding.onmessage = listener;
    return true;
  }
  return false;
}

/**
 * A reply's text as a `StringTransportReply`, its byte values read as base64 or from
 * `attachments`; `undefined` for anything else, a reply whose bytes cannot be read included.
 */
function parseReply(text: unknown, attachments?: readonly Uint8Array[]): StringTransportReply | undefined {
  if (typeof text !== 'string') return undefined;
  let reply: unknown;
  try {
    reply = parseWithBytes(text, attachments);
  } catch {
    return undefined;
  }
  if (reply === null || typeof reply !== 'object' || isArray(reply) || !hasOwn(reply, 'id')) return undefined;
  return typeof (reply as { id?: unknown }).id === 'number' ? (reply as StringTransportReply) : undefined;
}

/**
 * The first id of this document's calls: random, below 2^31, so that a late reply meant for a
 * previous document can hardly match one of this document's calls.
 */
function randomIDBase(): number {
  if (typeof crypto === 'object' && crypto && typeof crypto.getRandomValues === 'function') {
    return crypto.getRandomValues(new Uint32Array(1))[0]! >>> 1;
  }
  return Math.floor(Math.random() * 0x80000000);
}

function refusal(error: unknown): TypeError {
  return new TypeErrorIntrinsic(`The message cannot be sent: ${describe(error)}`);
}
