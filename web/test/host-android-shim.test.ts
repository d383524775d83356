import assert from 'node:assert/strict';
import test from 'node:test';
import { STRING_REPLY_EVENT } from '../src/protocol.generated.js';
import { TodayBridge } from '../src/bridge.js';
import { tick } from './helpers.js';
import { pollutingPrototypes, runHostScript, subFrame, topWindow } from './host-helpers.js';
import type { FakeWindow } from './host-helpers.js';

const configuration = { bindingName: 'todayWebViewBridgeNative', channelName: 'todayWebViewBridge', maxMessageBytes: 1024 };
type Channel = { postMessage(message: unknown): Promise<unknown> };

/** The bindings a string-only host may inject; each records what the shim sends. */
const bindings = {
  /** Android's `addWebMessageListener` object, answered by `message` events on it. */
  webMessage(sent: string[]) {
    return Object.assign(new EventTarget(), { postMessage: (text: string) => sent.push(text), onmessage: null });
  },
  /** The same object as a page sees it when only `onmessage` is usable. */
  onmessageOnly(sent: string[]) {
    return { postMessage: (text: string) => sent.push(text), onmessage: null as null | ((event: { data: unknown }) => void) };
  },
  /** A `@JavascriptInterface` object: `postMessage` only. */
  javascriptInterface(sent: string[]) {
    return { postMessage: (text: string) => sent.push(text) };
  },
  /** Chromium's `Runtime.addBinding`: a function. */
  function(sent: string[]) {
    return (text: string) => sent.push(text);
  },
};

/** Injects `binding` and runs the shim in `window`. */
function install(window: FakeWindow, binding: unknown) {
  window.todayWebViewBridgeNative = binding;
  runHostScript('android-shim.js', window, configuration);
  return window.todayWebViewBridge as Channel;
}

/** A reply's text through the frame's own object, as `JavaScriptReplyProxy.postMessage` delivers it. */
function replyOnObject(binding: any, body: unknown) {
  const data = typeof body === 'string' ? body : JSON.stringify(body);
  if (typeof binding.dispatchEvent === 'function') binding.dispatchEvent(new MessageEvent('message', { data }));
  else binding.onmessage?.({ data });
}

/** A reply's text as the main frame's DOM event, as `evaluateJavascript` delivers it. */
function replyOnWindow(window: FakeWindow, body: unknown) {
  window.dispatchEvent(new CustomEvent(STRING_REPLY_EVENT, { detail: typeof body === 'string' ? body : JSON.stringify(body) }));
}

/** Tracks whether a promise settled, and how. */
function watch(promise: Promise<unknown>) {
  const state: { settled: number; value?: unknown; error?: unknown } = { settled: 0 };
  promise.then(
    (value) => Object.assign(state, { settled: state.settled + 1, value }),
    (error) => Object.assign(state, { settled: state.settled + 1, error }),
  );
  return state;
}

const ids = (sent: string[]) => sent.map((text) => JSON.parse(text).id as number);

for (const form of ['webMessage', 'onmessageOnly'] as const) {
  for (const frame of ['top frame', 'sub-frame'] as const) {
    test(`A1 C5 replies through the frame's own object settle calls, out of order (${form}, ${frame})`, async () => {
      const sent: string[] = [];
      const binding = bindings[form](sent);
      const top = topWindow();
      const channel = install(frame === 'top frame' ? top : subFrame(top), binding);
      const first = channel.postMessage({ type: 'headers' });
      const second = channel.postMessage({ type: 'track', ename: 'x' });
      assert.deepEqual(sent.map((text) => JSON.parse(text).message), [{ type: 'headers' }, { type: 'track', ename: 'x' }]);
      const [firstID, secondID] = ids(sent);
      replyOnObject(binding, { id: secondID });
      replyOnObject(binding, { id: firstID, value: { Authorization: 'Bearer t' } });
      assert.equal(await second, undefined);
      assert.deepEqual(await first, { Authorization: 'Bearer t' });
    });
  }
}

test("A1 a sub-frame's call settles through its own frame's object, not another frame's object nor the top window's event", async () => {
  const top = topWindow();
  const topSent: string[] = [];
  const topBinding = bindings.webMessage(topSent);
  install(top, topBinding);
  const frameSent: string[] = [];
  const frameBinding = bindings.webMessage(frameSent);
  const frame = subFrame(top);
  const call = watch(install(frame, frameBinding).postMessage({ type: 'x' }));
  const [id] = ids(frameSent);
  replyOnObject(topBinding, { id, value: 'through the top frame object' });
  replyOnWindow(top, { id, value: 'through the top window' });
  replyOnObject(bindings.webMessage([]), { id, value: 'through a stranger' });
  await tick();
  assert.equal(call.settled, 0);
  replyOnObject(frameBinding, { id, value: 'own' });
  await tick();
  assert.deepEqual([call.settled, call.value], [1, 'own']);
  assert.equal(topSent.length, 0);
});

for (const form of ['function', 'javascriptInterface'] as const) {
  test(`A1 an evaluateJavascript-only host answers in the main frame with the reply event (${form} binding)`, async () => {
    const sent: string[] = [];
    const window = topWindow();
    const channel = install(window, bindings[form](sent));
    const first = channel.postMessage({ type: 'a' });
    const second = channel.postMessage({ type: 'b' });
    const [firstID, secondID] = ids(sent);
    replyOnWindow(window, { id: secondID, value: 2 });
    replyOnWindow(window, { id: firstID, value: 1 });
    assert.deepEqual(await Promise.all([first, second]), [1, 2]);
  });
}

test('C5 A1 a reply arriving through both routes settles the call once', async () => {
  const sent: string[] = [];
  const window = topWindow();
  const binding = bindings.webMessage(sent);
  const call = watch(install(window, binding).postMessage({ type: 'x' }));
  const [id] = ids(sent);
  replyOnObject(binding, { id, value: 'object' });
  replyOnWindow(window, { id, value: 'event' });
  replyOnWindow(window, { id, error: 'late error' });
  await tick();
  assert.deepEqual([call.settled, call.value], [1, 'object']);
});

test('C5 A1 repeated and unknown ids, and garbage, are ignored without throwing: each call settles once', async () => {
  const sent: string[] = [];
  const window = topWindow();
  const binding = bindings.webMessage(sent);
  const channel = install(window, binding);
  const call = watch(channel.postMessage({ type: 'x' }));
  const [id] = ids(sent);
  const uncaught: unknown[] = [];
  const onError = (error: unknown) => uncaught.push(error);
  (globalThis as any).process.on('uncaughtException', onError);
  for (const garbage of [
    'not json', '', 'null', '42', '"text"', '[]', `[${id}]`, '{}', '{"value":1}',
    JSON.stringify({ id: String(id), value: 'string id' }), JSON.stringify({ id: null, value: 'null id' }),
    JSON.stringify({ id: id + 1, value: 'unknown id' }),
  ]) {
    replyOnObject(binding, garbage);
    replyOnWindow(window, garbage);
  }
  for (const data of [undefined, null, 7, { id, value: 'object, not text' }, [id]]) {
    binding.dispatchEvent(new MessageEvent('message', { data }));
    window.dispatchEvent(new CustomEvent(STRING_REPLY_EVENT, { detail: data }));
  }
  binding.dispatchEvent(new Event('message'));
  window.dispatchEvent(new Event(STRING_REPLY_EVENT));
  await tick();
  assert.equal(call.settled, 0);
  replyOnWindow(window, { id, value: 'first' });
  replyOnWindow(window, { id, value: 'second' });
  replyOnObject(binding, { id, error: 'third' });
  await tick();
  (globalThis as any).process.off('uncaughtException', onError);
  assert.deepEqual([call.settled, call.value, uncaught.length], [1, 'first', 0]);
});

test('A1 W4 an error reply rejects with an Error whose message is the reason', async () => {
  const sent: string[] = [];
  const window = topWindow();
  const channel = install(window, bindings.function(sent));
  const call = channel.postMessage({ type: 'x' });
  const reason = 'TodayBridgeError:{"code":"failed","message":"m","recoverable":false}';
  replyOnWindow(window, { id: ids(sent)[0], error: reason });
  await assert.rejects(call, (error: unknown) => error instanceof Error && error.message === reason);
  const bridge = new TodayBridge({ window });
  const failing = bridge.request('x');
  replyOnWindow(window, { id: ids(sent)[1], error: reason });
  await assert.rejects(failing, (error: unknown) => (error as { code?: string }).code === 'failed' && (error as Error).message === 'm');
});

for (const form of ['function', 'javascriptInterface'] as const) {
  test(`A1 a sub-frame with no reply route sends notifications without an id and resolves undefined at once (${form})`, async () => {
    const sent: string[] = [];
    const top = topWindow();
    const frame = subFrame(top);
    const channel = install(frame, bindings[form](sent));
    const call = watch(channel.postMessage({ type: 'track', ename: 'framed' }));
    await tick();
    assert.deepEqual([call.settled, call.value], [1, undefined]);
    assert.deepEqual(sent, ['{"message":{"type":"track","ename":"framed"}}']);
    assert.deepEqual(await channel.postMessage(undefined), undefined);
    assert.equal(sent[1], '{}');
  });
}

test('A1 requests are {"id":N,"message":...} text, id first, as the host reads them', () => {
  const sent: string[] = [];
  const channel = install(topWindow(), bindings.function(sent));
  void channel.postMessage({ type: 'x', n: 1 });
  void channel.postMessage(undefined);
  const [id] = ids(sent);
  assert.deepEqual(sent, [`{"id":${id},"message":{"type":"x","n":1}}`, `{"id":${id + 1}}`]);
});

test("C5 A1 every call settles whatever the page puts on Object.prototype: its toJSON reaches the message as JSON's does, never the request's id", async () => {
  const sent: string[] = [];
  const binding = bindings.webMessage(sent);
  const top = topWindow();
  const channel = install(top, binding);
  const frameSent: string[] = [];
  const frameChannel = install(subFrame(top), bindings.javascriptInterface(frameSent));
  const polluted = pollutingPrototypes();
  let calls: Promise<unknown>[];
  try {
    calls = [channel.postMessage({ type: 'headers' }), channel.postMessage('x'.repeat(2000)), channel.postMessage(undefined), frameChannel.postMessage({ type: 'track' })];
  } finally {
    polluted.restore();
  }
  const [id] = ids(sent);
  assert.deepEqual(sent, [`{"id":${id},"message":{"type":"nope"}}`, `{"id":${id + 1},"length":2002}`, `{"id":${id + 2}}`]);
  assert.deepEqual(frameSent, ['{"message":{"type":"nope"}}']);
  assert.deepEqual(polluted.assigned, [], 'no setter of the page saw a part of a request');
  for (let offset = 0; offset < 3; offset++) replyOnObject(binding, { id: id + offset, value: offset });
  assert.deepEqual(await Promise.all(calls), [0, 1, 2, undefined]);
});

test('X7 A1 a message longer than the host accepts is not carried, only its length; the reply settles it', async () => {
  const sent: string[] = [];
  const binding = bindings.webMessage(sent);
  const channel = install(topWindow(), binding);
  const message = { type: 'echo', data: 'x'.repeat(2000) };
  const call = channel.postMessage(message);
  const [id] = ids(sent);
  assert.deepEqual(JSON.parse(sent[0]!), { id, length: JSON.stringify(message).length });
  replyOnObject(binding, { id });
  assert.equal(await call, undefined);
});

test('A1 ids are numbers, distinct, from a random base below 2^31', () => {
  const bases = new Set<number>();
  for (let run = 0; run < 5; run++) {
    const sent: string[] = [];
    const channel = install(topWindow(), bindings.function(sent));
    for (let i = 0; i < 100; i++) void channel.postMessage({ i });
    const numbers = ids(sent);
    assert.ok(numbers.every((id) => Number.isInteger(id) && id >= 0 && id < 2 ** 31 + 100));
    assert.equal(new Set(numbers).size, 100);
    assert.ok(numbers[0]! < 2 ** 31);
    bases.add(numbers[0]!);
  }
  assert.ok(bases.size > 1, 'every document started from the same id');
});

test('W5 A1 a message that cannot be cloned or serialized is refused at once with a TypeError; nothing is sent', async () => {
  const sent: string[] = [];
  const channel = install(topWindow(), bindings.function(sent));
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  await assert.rejects(channel.postMessage({ type: 'x', f: () => 1 }), TypeError);
  await assert.rejects(channel.postMessage(() => 1), TypeError);
  await assert.rejects(channel.postMessage(cyclic), TypeError);
  await assert.rejects(channel.postMessage({ n: BigInt(1) }), TypeError);
  await assert.rejects(channel.postMessage({ s: Symbol('s') }), TypeError);
  assert.equal(sent.length, 0);
});

test('A1 a send that throws rejects with a TypeError and forgets the call', async () => {
  const window = topWindow();
  const sent: string[] = [];
  const channel = install(window, (text: string) => {
    sent.push(text);
    throw new Error('binding gone');
  });
  await assert.rejects(channel.postMessage({ type: 'x' }), (error: unknown) => error instanceof TypeError && /binding gone/.test(error.message));
  replyOnWindow(window, { id: ids(sent)[0], value: 'too late' });
  await tick();
});

test('A1 nothing is defined when the binding is missing or the channel exists already', () => {
  const bare = topWindow();
  runHostScript('android-shim.js', bare, configuration);
  assert.equal('todayWebViewBridge' in bare, false);
  const notABinding = topWindow({ todayWebViewBridgeNative: { send: () => undefined } });
  runHostScript('android-shim.js', notABinding, configuration);
  assert.equal('todayWebViewBridge' in notABinding, false);
  const existing = { postMessage: () => Promise.resolve('mine') };
  const taken = topWindow({ todayWebViewBridgeNative: bindings.function([]), todayWebViewBridge: existing });
  runHostScript('android-shim.js', taken, configuration);
  assert.equal(taken.todayWebViewBridge, existing);
});

test('A1 C1 the channel is frozen and cannot be replaced, deleted or listed by the page', () => {
  const window = topWindow();
  const channel = install(window, bindings.function([]));
  assert.throws(() => {
    'use strict';
    window.todayWebViewBridge = { postMessage: () => Promise.resolve('forged') };
  }, TypeError);
  assert.throws(() => {
    'use strict';
    delete window.todayWebViewBridge;
  }, TypeError);
  assert.equal(window.todayWebViewBridge, channel);
  assert.ok(Object.isFrozen(channel));
  assert.equal(Object.keys(window).includes('todayWebViewBridge'), false);
  const descriptor = Object.getOwnPropertyDescriptor(window, 'todayWebViewBridge')!;
  assert.deepEqual([descriptor.writable, descriptor.configurable, descriptor.enumerable], [false, false, false]);
});

test('A1 S4 with announcesDocuments, the shim first sends the empty text from the top frame only, before any request', async () => {
  const top = topWindow();
  const sent: string[] = [];
  top.todayWebViewBridgeNative = bindings.webMessage(sent);
  runHostScript('android-shim.js', top, { ...configuration, announcesDocuments: true });
  const frame = subFrame(top);
  const frameSent: string[] = [];
  frame.todayWebViewBridgeNative = bindings.webMessage(frameSent);
  runHostScript('android-shim.js', frame, { ...configuration, announcesDocuments: true });
  void (top.todayWebViewBridge as Channel).postMessage({ type: 'track', ename: 'x' });
  assert.equal(sent[0], '');
  assert.equal(sent.length, 2);
  assert.deepEqual(frameSent, []);
  const quiet: string[] = [];
  install(topWindow(), bindings.webMessage(quiet));
  assert.deepEqual(quiet, []);
});

test('A1 S4 with announcesDocuments, the top frame sends the empty text again when shown from the back-forward cache, not on a first pageshow', () => {
  const top = topWindow();
  const sent: string[] = [];
  top.todayWebViewBridgeNative = bindings.webMessage(sent);
  runHostScript('android-shim.js', top, { ...configuration, announcesDocuments: true });
  const pageshow = (persisted: boolean) => Object.assign(new Event('pageshow'), { persisted });
  top.dispatchEvent(pageshow(false));
  assert.deepEqual(sent, ['']);
  top.dispatchEvent(pageshow(true));
  assert.deepEqual(sent, ['', '']);
  const frame = subFrame(top);
  const frameSent: string[] = [];
  frame.todayWebViewBridgeNative = bindings.webMessage(frameSent);
  runHostScript('android-shim.js', frame, { ...configuration, announcesDocuments: true });
  frame.dispatchEvent(pageshow(true));
  assert.deepEqual(frameSent, []);
});

test('C1 A1 the web SDK finds the shim as the Android channel and calls through it', async () => {
  const sent: string[] = [];
  const window = topWindow();
  install(window, (text: string) => {
    sent.push(text);
    const { id, message } = JSON.parse(text);
    setTimeout(() => replyOnWindow(window, { id, value: { echoed: message } }));
  });
  const bridge = new TodayBridge({ window });
  assert.deepEqual(await bridge.request('echo', { a: 1 }), { echoed: { type: 'echo', a: 1 } });
  assert.equal(sent.length, 1);
});

/** Android's injected object with `WEB_MESSAGE_ARRAY_BUFFER`: it carries strings and `ArrayBuffer`s both ways. */
function arrayBufferBinding(sent: (string | ArrayBuffer)[]) {
  return Object.assign(new EventTarget(), { postMessage: (message: string | ArrayBuffer) => sent.push(message), onmessage: null });
}

test('B2 A1 with attachesBytes, each byte value goes first as an ArrayBuffer of its own, then the text naming them, id first, with their number', async () => {
  const sent: (string | ArrayBuffer)[] = [];
  const binding = arrayBufferBinding(sent);
  const window = topWindow();
  window.todayWebViewBridgeNative = binding;
  runHostScript('android-shim.js', window, { ...configuration, attachesBytes: true });
  const channel = window.todayWebViewBridge as { postMessage(message: unknown, hint?: unknown): Promise<unknown> };
  const data = new Uint8Array([1, 2, 3, 4]);
  void channel.postMessage({ type: 'upload', data, part: data.subarray(2) }, { bytes: true });
  assert.equal(sent.length, 3);
  assert.ok(sent[0] instanceof ArrayBuffer && sent[1] instanceof ArrayBuffer);
  assert.deepEqual([...new Uint8Array(sent[0] as ArrayBuffer)], [1, 2, 3, 4]);
  assert.deepEqual([...new Uint8Array(sent[1] as ArrayBuffer)], [3, 4]);
  assert.ok(sent[0] !== data.buffer, 'a copy');
  assert.match(sent[2] as string, /^\{"id":\d+,"attachments":2,"message":\{"type":"upload","data":\{"__today\.bytes":0\},"part":\{"__today\.bytes":1\}\}\}$/);
  // Without bytes, or without the hint, a request is the text alone, as before.
  void channel.postMessage({ type: 'headers' }, { bytes: true });
  void channel.postMessage({ type: 'headers' });
  assert.match(sent[3] as string, /^\{"id":\d+,"message":\{"type":"headers"\}\}$/);
  assert.match(sent[4] as string, /^\{"id":\d+,"message":\{"type":"headers"\}\}$/);
});

test("B2 A1 with attachesBytes, a reply's ArrayBuffers are kept for the text that follows them, and only for it", async () => {
  const sent: (string | ArrayBuffer)[] = [];
  const binding = arrayBufferBinding(sent);
  const window = topWindow();
  window.todayWebViewBridgeNative = binding;
  runHostScript('android-shim.js', window, { ...configuration, attachesBytes: true });
  const channel = window.todayWebViewBridge as Channel;
  const first = watch(channel.postMessage({ type: 'download' }));
  const second = watch(channel.postMessage({ type: 'download' }));
  const [firstID, secondID] = ids(sent as string[]);
  const buffer = (bytes: number[]) => new MessageEvent('message', { data: new Uint8Array(bytes).buffer });
  binding.dispatchEvent(buffer([7, 8]));
  binding.dispatchEvent(buffer([9]));
  replyOnObject(binding, `{"id":${firstID},"value":{"a":{"__today.bytes":1},"b":{"__today.bytes":0}}}`);
  // Those were taken by that text: an index in the next reply names nothing, and it is ignored.
  replyOnObject(binding, `{"id":${secondID},"value":{"a":{"__today.bytes":0}}}`);
  await tick();
  assert.equal(first.settled, 1);
  assert.deepEqual(first.value, { a: new Uint8Array([9]), b: new Uint8Array([7, 8]) });
  assert.equal(second.settled, 0);
  // Base64 still reads, through either route.
  replyOnWindow(window, `{"id":${secondID},"value":{"__today.bytes":"AQI="}}`);
  await tick();
  assert.deepEqual(second.value, new Uint8Array([1, 2]));
});

test('B2 A1 without attachesBytes, an ArrayBuffer on the binding is ignored and bytes go as base64 in the text', async () => {
  const sent: (string | ArrayBuffer)[] = [];
  const binding = arrayBufferBinding(sent);
  const window = topWindow();
  window.todayWebViewBridgeNative = binding;
  runHostScript('android-shim.js', window, configuration);
  const channel = window.todayWebViewBridge as { postMessage(message: unknown, hint?: unknown): Promise<unknown> };
  const call = watch(channel.postMessage({ type: 'upload', data: new Uint8Array([1, 2]) }, { bytes: true }));
  assert.equal(sent.length, 1);
  assert.match(sent[0] as string, /^\{"id":\d+,"message":\{"type":"upload","data":\{"__today\.bytes":"AQI="\}\}\}$/);
  binding.dispatchEvent(new MessageEvent('message', { data: new ArrayBuffer(1) }));
  replyOnObject(binding, `{"id":${ids(sent as string[])[0]},"value":{"__today.bytes":0}}`);
  await tick();
  assert.equal(call.settled, 0, 'an index names nothing in the base64 form');
});
