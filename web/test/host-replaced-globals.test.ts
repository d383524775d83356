// A page may replace globals after its host's scripts ran at document start (zone.js replaces
// `Promise`; polyfills replace `JSON` and `Array.prototype` members; libraries patch
// `EventTarget.prototype`). Each test installs the host scripts, then breaks every global they
// could reach, as such a page would, and checks that every call still settles as the contract
// says: with its answer, or with a clear rejection.
import assert from 'node:assert/strict';
import test from 'node:test';
import { NATIVE_EVENT, STRING_REPLY_EVENT } from '../src/protocol.generated.js';
import { RELAY_REPLY_EVENT } from '../host/relay/relay-events.js';
import { hostScript, runHostScript, topWindow } from './host-helpers.js';
import type { FakeWindow } from './host-helpers.js';

type Channel = { postMessage(message: unknown, hint?: unknown): Promise<unknown> };
const { parse, stringify } = JSON;
// The test's own code runs with the globals replaced too: it takes what it uses now.
const indexOf = String.prototype.indexOf;
const lastIndexOf = String.prototype.lastIndexOf;
const substring = String.prototype.substring;
const detailGetter = Reflect.getOwnPropertyDescriptor(CustomEvent.prototype, 'detail')!.get!;
const detailOf = (event: Event) => Reflect.apply(detailGetter, event, []);
const dispatchEvent = EventTarget.prototype.dispatchEvent;
const dispatch = (target: EventTarget, event: Event) => Reflect.apply(dispatchEvent, target, [event]);
const PristineCustomEvent = CustomEvent;
const PristinePromise = Promise;
const channelName = 'todayWebViewBridge';
const entryName = '__todayWebViewBridgeEntry';

/** Every global the host scripts could reach, replaced by one that throws, then put back. */
function replacingGlobals(): { restore(): void } {
  const broken = () => {
    throw new Error('replaced by the page');
  };
  const replaced: [object, PropertyKey, PropertyDescriptor][] = [];
  const replace = (owner: object, name: PropertyKey, descriptor: PropertyDescriptor) => {
    replaced[replaced.length] = [owner, name, Reflect.getOwnPropertyDescriptor(owner, name)!];
    Reflect.defineProperty(owner, name, { ...descriptor, configurable: true });
  };
  const replaceAll = (owner: object, names: PropertyKey[]) => {
    for (let index = 0; index < names.length; index += 1) replace(owner, names[index], { value: broken });
  };
  const globals = globalThis as Record<string, unknown>;
  replace(CustomEvent.prototype, 'detail', { get: broken });
  replaceAll(Promise, ['reject', 'resolve', 'all']);
  replaceAll(Object, ['freeze', 'defineProperty', 'create']);
  replaceAll(EventTarget.prototype, ['dispatchEvent', 'addEventListener', 'removeEventListener']);
  replaceAll(Map.prototype, ['get', 'set', 'delete', 'has']);
  replaceAll(String.prototype, ['slice', 'split', 'indexOf', 'substring', 'startsWith']);
  replaceAll(RegExp.prototype, ['exec', 'test']);
  replaceAll(Function.prototype, ['call', 'apply', 'bind']);
  replace(globals, 'JSON', { value: { parse: broken, stringify: broken } });
  replace(globals, 'Promise', { value: class { constructor() { broken(); } } });
  replace(globals, 'CustomEvent', { value: class { constructor() { broken(); } } });
  // What bytes use (B1, B2): typed arrays, buffers, base64. Only what this engine has is replaced.
  const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
  const replaceExisting = (owner: object, names: PropertyKey[], descriptor?: PropertyDescriptor) => {
    for (let index = 0; index < names.length; index += 1) {
      if (Reflect.getOwnPropertyDescriptor(owner, names[index]) !== undefined) replace(owner, names[index], descriptor ?? { value: broken });
    }
  };
  replaceExisting(typedArrayPrototype, ['buffer', 'byteOffset', 'byteLength', 'length', Symbol.toStringTag], { get: broken });
  replaceExisting(ArrayBuffer.prototype, ['byteLength', 'detached', 'resizable'], { get: broken });
  replaceExisting(DataView.prototype, ['buffer', 'byteOffset', 'byteLength'], { get: broken });
  replaceExisting(typedArrayPrototype, ['set', 'subarray', 'slice', 'toBase64']);
  replaceExisting(Uint8Array, ['fromBase64', 'from', 'of']);
  replaceAll(ArrayBuffer.prototype, ['slice']);
  replaceAll(ArrayBuffer, ['isView']);
  replaceAll(String, ['fromCharCode']);
  replaceAll(String.prototype, ['charCodeAt']);
  replaceAll(Object, ['getPrototypeOf', 'keys']);
  replaceAll(Array, ['isArray']);
  replaceAll(globals, ['btoa', 'atob']);
  const constructors = ['Uint8Array', 'ArrayBuffer', 'DataView', 'SyntaxError'];
  for (let index = 0; index < constructors.length; index += 1) replace(globals, constructors[index], { value: class { constructor() { broken(); } } });
  replaceAll(Array.prototype, ['push', 'map', 'forEach', 'join', 'slice', 'indexOf', 'includes', Symbol.iterator]);
  return {
    restore() {
      for (let index = replaced.length - 1; index >= 0; index -= 1) Reflect.defineProperty(replaced[index][0], replaced[index][1], replaced[index][2]);
    },
  };
}

/**
 * Runs `body` with the globals replaced, synchronously: Node's own event loop uses some of them
 * (its abort signals dispatch events), so the page's replacements last while the page's and the
 * host's code runs, not across an await.
 */
function whileReplaced<T>(body: () => T): T {
  const globals = replacingGlobals();
  try {
    return body();
  } finally {
    globals.restore();
  }
}

/** A settled outcome, read once the globals are back. */
async function outcome(call: Promise<unknown>): Promise<{ value?: unknown; error?: string }> {
  try {
    return { value: await call };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

/** Messages whose text cannot be made: a throwing getter, a throwing `toJSON`, a BigInt. */
const unserializable = [
  { get secret() { throw new Error('getter'); } },
  { toJSON() { throw new Error('toJSON'); } },
  { n: BigInt(1) },
];

const rejection = 'TodayBridgeError:{"code":"unsupported","message":"no","recoverable":false}';

/** A host stand-in's answer to a message: a rejection for `{ reject: true }`, an invalid text for `{ invalid: true }`, else `{ echoed }`. */
function answer(message: { reject?: boolean; invalid?: boolean }): { text?: string; reason?: string } {
  if (message.reject) return { reason: rejection };
  return { text: message.invalid ? 'not JSON' : stringify({ echoed: message }) };
}

/** The outcomes of the calls each test makes: an answer, the host's rejection, and a `TypeError` for each unserializable message (W5). */
function assertEachSettledAsTheContractSays(outcomes: { value?: unknown; error?: string }[]) {
  assert.deepEqual(outcomes.slice(0, 2), [{ value: { echoed: { type: 'headers', n: 1 } } }, { error: `Error: ${rejection}` }]);
  assert.equal(outcomes.length, 2 + unserializable.length);
  for (const refused of outcomes.slice(2)) assert.match(refused.error ?? '', /^TypeError: The message cannot be sent: /);
}

/**
 * A WebKitGTK top frame on the relay. Its host keeps each request's text; `answerAll` answers
 * them as the relay does, with its reply event's text (a real relay runs in an isolated world,
 * whose globals the page cannot reach).
 */
function relayPage() {
  const handlerName = 'todayWebViewBridgeRelay';
  const requests: string[] = [];
  // WebKit's handler answers with the engine's own promise; the relay's notices (its document
  // began: `^` after its facts) are no requests.
  const isNotice = (text: string) => Reflect.apply(substring, text, [Reflect.apply(lastIndexOf, text, ['\n']) + 1]) === '^';
  const handler = { postMessage: (text: string) => new PristinePromise(() => void (isNotice(text) || (requests[requests.length] = text))) };
  const window = topWindow({
    location: { origin: 'https://app.test', href: 'https://app.test/' },
    webkit: { messageHandlers: { [handlerName]: handler } },
  });
  runHostScript('webkitgtk/relay.js', window, { handlerName, maxMessageBytes: 1024 });
  runHostScript('webkitgtk/channel.js', window, { channelName, maxMessageBytes: 1024, entryName });
  const answerAll = () => {
    for (let index = 0; index < requests.length; index += 1) {
      const text = requests[index];
      // The request's JSON: after its mark, after the origin and URL when they came with it.
      const mark = Reflect.apply(indexOf, text, [':', Reflect.apply(lastIndexOf, text, ['\n']) + 1]);
      const { text: reply, reason } = answer(parse(Reflect.apply(substring, text, [mark + 1])));
      dispatch(window, new PristineCustomEvent(RELAY_REPLY_EVENT, { detail: reason === undefined ? `${index + 1}:${reply}` : `${index + 1}!${reason}` }));
    }
  };
  return { channel: window.webkit.messageHandlers[channelName] as Channel, answerAll, requests };
}

/**
 * A WebKitGTK frame on the web process extension's entry: its host keeps each call; `answerAll`
 * settles them through the entry's callbacks, with the bytes that came beside a message's text.
 */
function extensionPage() {
  type Settle = (value: unknown, reason?: string, attachments?: Uint8Array[]) => void;
  const calls: [string, Settle, Uint8Array[] | undefined][] = [];
  const entry = (text: string, settle: Settle, attachments?: Uint8Array[]) => void (calls[calls.length] = [text, settle, attachments]);
  const window = topWindow({ webkit: { messageHandlers: {} }, [entryName]: entry });
  runHostScript('webkitgtk/channel.js', window, { channelName, maxMessageBytes: 1024, entryName });
  const answerAll = () => {
    for (let index = 0; index < calls.length; index += 1) {
      const { text, reason } = answer(parse(calls[index][0]));
      // The extension makes the value from the JSON text with the engine's parser, not the page's.
      if (reason !== undefined) calls[index][1](undefined, reason);
      else if (calls[index][2] === undefined) calls[index][1](parse(text!));
      else calls[index][1](parse(text!), undefined, calls[index][2]);
    }
  };
  return { channel: window.webkit.messageHandlers[channelName] as Channel, answerAll, requests: calls };
}

for (const [way, page] of [['the relay', relayPage], ['the web process extension', extensionPage]] as const) {
  test(`C5 W5 on WebKitGTK over ${way}, every call settles after the page replaced the globals the channel uses`, async () => {
    const { channel, answerAll, requests } = page();
    const calls = whileReplaced(() => {
      const made = [channel.postMessage({ type: 'headers', n: 1 }), channel.postMessage({ reject: true })];
      for (let index = 0; index < unserializable.length; index += 1) made[made.length] = channel.postMessage(unserializable[index]);
      return made;
    });
    assert.equal(requests.length, 2, 'the messages that could be sent were sent; the others were not');
    whileReplaced(answerAll);
    const outcomes = [];
    for (const call of calls) outcomes.push(await outcome(call));
    assertEachSettledAsTheContractSays(outcomes);
  });
}

for (const [way, page] of [['WebKitGTK\'s relay', relayPage], ['WebKitGTK\'s web process extension', extensionPage], ['Android\'s shim', () => androidPage('replyProxy')]] as const) {
  test(`B2 C5 on ${way}, bytes cross both ways after the page replaced the globals they use`, async () => {
    const { channel, answerAll } = page();
    const data = new Uint8Array([1, 2, 3]);
    const message = { type: 'upload', data, part: data.subarray(2), view: new DataView(data.buffer, 1, 1), buffer: new Uint8Array([255, 0]).buffer };
    const call = whileReplaced(() => channel.postMessage(message, { bytes: true }));
    whileReplaced(answerAll);
    const echoed = { type: 'upload', data: new Uint8Array([1, 2, 3]), part: new Uint8Array([3]), view: new Uint8Array([2]), buffer: new Uint8Array([255, 0]) };
    assert.deepEqual(await outcome(call), { value: { echoed } });
  });
}

test('C5 on WebKitGTK over the relay, a reply whose text cannot be parsed rejects the call after the page replaced JSON', async () => {
  const { channel, answerAll } = relayPage();
  const call = whileReplaced(() => channel.postMessage({ invalid: true }));
  whileReplaced(answerAll);
  assert.match((await outcome(call)).error ?? '', /^SyntaxError: /);
});

test('X3 X4 A1 the host\'s deliveries reach the page after it replaced CustomEvent and EventTarget.prototype', () => {
  const window: FakeWindow = topWindow();
  runHostScript('platform-tag.js', window, { platform: 'android' });
  const seen: unknown[] = [];
  window.addEventListener(NATIVE_EVENT, (event) => void (seen[seen.length] = detailOf(event)));
  window.addEventListener(STRING_REPLY_EVENT, (event) => void (seen[seen.length] = detailOf(event)));
  const event = { kind: 'event', name: 'host.ready', data: { n: 1 } };
  // The host's invocations, written before it delivers: its text is not the page's to break.
  const deliver = (name: string, detail: unknown) => {
    const script = new Function('window', `return ${hostScript('page-event.js')}`)(window);
    const configuration = { event: stringify({ name, detail }) };
    return () => script(configuration);
  };
  const deliveries = [deliver(NATIVE_EVENT, event), deliver(STRING_REPLY_EVENT, '{"id":1,"value":2}')];
  whileReplaced(() => {
    for (let index = 0; index < deliveries.length; index += 1) deliveries[index]();
  });
  assert.deepEqual(seen, [event, '{"id":1,"value":2}']);
});

/**
 * A frame with the Android shim over Android's injected object. Its host keeps each request's
 * text; `answerAll` answers the calls with ids as the glue does, through the object's `message`
 * events (`JavaScriptReplyProxy`) or, in the main frame, the reply event (`evaluateJavascript`).
 */
function androidPage(route: 'replyProxy' | 'mainFrameScript') {
  const requests: string[] = [];
  const listeners: ((event: { data: unknown }) => void)[] = [];
  const binding = {
    postMessage: (text: string) => void (requests[requests.length] = text),
    addEventListener: (_type: string, listener: (event: { data: unknown }) => void) => void (listeners[listeners.length] = listener),
  };
  const window = topWindow({ todayWebViewBridgeNative: binding });
  runHostScript('android-shim.js', window, { bindingName: 'todayWebViewBridgeNative', channelName, maxMessageBytes: 1024 });
  const answerAll = () => {
    for (let index = 0; index < requests.length; index += 1) {
      const request = parse(requests[index]);
      const { text, reason } = answer(request.message);
      const reply = reason === undefined ? `{"id":${request.id},"value":${text}}` : stringify({ id: request.id, error: reason });
      if (route === 'replyProxy') listeners[0]({ data: reply });
      else dispatch(window, new PristineCustomEvent(STRING_REPLY_EVENT, { detail: reply }));
    }
  };
  return { channel: window[channelName] as Channel, answerAll, requests };
}

for (const route of ['replyProxy', 'mainFrameScript'] as const) {
  test(`C5 W5 A1 on Android (replies by ${route}), every call settles after the page replaced the globals the shim uses and polluted Object.prototype`, async () => {
    const { channel, answerAll, requests } = androidPage(route);
    const calls = whileReplaced(() => {
      const made = [channel.postMessage({ type: 'headers', n: 1 }), channel.postMessage({ reject: true })];
      for (let index = 0; index < unserializable.length; index += 1) made[made.length] = channel.postMessage(unserializable[index]);
      return made;
    });
    assert.equal(requests.length, 2, 'the messages that could be sent were sent; the others were not');
    const prototype = Object.prototype as Record<string, unknown>;
    whileReplaced(() => {
      prototype.error = 'polluted';
      prototype.value = 'polluted';
      try {
        answerAll();
      } finally {
        delete prototype.error;
        delete prototype.value;
      }
    });
    const outcomes = [];
    for (const call of calls) outcomes.push(await outcome(call));
    assertEachSettledAsTheContractSays(outcomes);
  });
}
