import { STRING_REPLY_EVENT } from '../src/protocol.generated.js';
import type { StringTransportReply } from '../src/protocol.generated.js';
import type { AndroidShimConfiguration } from './configurations.generated.js';
import {
  ErrorIntrinsic, PromiseIntrinsic, TypeErrorIntrinsic, createObject, defineProperty, describe, eventDetail, freeze, hasOwn, isArray, rejected, stringify, structuredCloneIntrinsic,
} from './intrinsics.js';
import { parseObject } from './bytes/read-bytes.js';
import { announcesBytes, stringifyWithBytes } from './bytes/write-bytes.js';

/** Receives the `message` events of Android's injected object: `event.data` is a reply's text. */
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
      postMessage(text: string): void;
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
 * JSON. With `announcesDocuments`, the shim in the top frame sends the empty
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
  const settle = (text: unknown) => {
    const reply = parseReply(text);
    const call = reply && pending[reply.id];
    if (!reply || !call) return;
    delete pending[reply.id];
    if (hasOwn(reply, 'error')) call.reject(new ErrorIntrinsic(`${reply.error}`));
    else call.resolve(hasOwn(reply, 'value') ? reply.value : undefined);
  };
  const framesOwnRoute = listenForReplies(binding!, settle);
  const isTop = window === window.top;
  if (isTop) window.addEventListener(STRING_REPLY_EVENT, (event) => settle(eventDetail(event)));
  const answered = framesOwnRoute || isTop;
  let nextID = randomIDBase();

  const channel = freeze({
    postMessage(message: unknown, hint?: unknown): Promise<unknown> {
      let text: string;
      const id = answered ? nextID++ : undefined;
      try {
        const { json, size } = announcesBytes(hint) ? stringifyWithBytes(message, 'base64', configuration.maxMessageBytes) : plainJSON(message);
        text = requestText(id, json, size, configuration.maxMessageBytes);
      } catch (error) {
        return rejected(refusal(error));
      }
      return new PromiseIntrinsic((resolve, reject) => {
        if (id !== undefined) pending[id] = { resolve, reject };
        try {
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
function plainJSON(message: unknown): { json: string | undefined; size: number } {
  if (structuredCloneIntrinsic) structuredCloneIntrinsic(message);
  const json = stringify(message) as string | undefined;
  return { json, size: json === undefined ? 0 : json.length };
}

/**
 * The request's text, id first (`{"id":N,"message":…}`, or `{"message":…}` for a notification;
 * `StringTransportRequest`), from the message's JSON text and its size. A message larger than the
 * host accepts is not carried, only its size: the host refuses it (X7) and nothing large crosses
 * the bridge.
 *
 * Only the message goes through `JSON.stringify`, as JSON carries it (its own `toJSON` included);
 * the envelope is written out here. An envelope object would inherit what a page puts on
 * `Object.prototype`: a `toJSON` there would replace the whole request, its id with it, and the
 * host could never answer; a `length` setter would swallow the length.
 */
function requestText(id: number | undefined, json: string | undefined, size: number, maxMessageBytes: number): string {
  const idField = id === undefined ? '' : `"id":${id}`;
  if (json === undefined) return `{${idField}}`;
  const separator = idField === '' ? '' : ',';
  if (size > maxMessageBytes) return `{${idField}${separator}"length":${size}}`;
  return `{${idField}${separator}"message":${json}}`;
}

/** Sends a text through the binding, bound now so that later changes by the page do not matter. */
function sender(binding: Binding | undefined, window: AndroidShimWindow): ((text: string) => void) | undefined {
  if (typeof binding === 'function') return binding.bind(window);
  if (binding && typeof binding === 'object' && typeof binding.postMessage === 'function') return binding.postMessage.bind(binding);
  return undefined;
}

/**
 * Listens for replies on the frame's own binding object, when it can carry them: through
 * `addEventListener('message')` when it has it, else its `onmessage`. Returns whether it can.
 */
function listenForReplies(binding: Binding, settle: (text: unknown) => void): boolean {
  if (typeof binding !== 'object') return false;
  const listener: MessageListener = (event) => settle(event && event.data);
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

/** A reply's text as a `StringTransportReply`; `undefined` for anything else. */
function parseReply(text: unknown): StringTransportReply | undefined {
  const reply = parseObject(text);
  if (reply === undefined || isArray(reply) || !hasOwn(reply, 'id')) return undefined;
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
