// Bytes as bytes (B1–B4): the SDK's message check and hint, each host script's way to the host
// (base64 in the text, or attachments beside it), the bytes the page receives, the size limit,
// and the fake host.
import assert from 'node:assert/strict';
import test from 'node:test';
import { BYTES_MEMBER, NATIVE_EVENT, STRING_REPLY_EVENT } from '../src/protocol.generated.js';
import type { BytesSource, Sendable } from '../src/protocol.js';
import { TodayBridge } from '../src/bridge.js';
import { invoke } from '../src/invoke.js';
import { createFakeHost } from '../src/testing.js';
import { TEXT } from '../host/relay/relay-events.js';
import { fakeWindow, tick, webkitWindow } from './helpers.js';
import { BEGAN, RESTORED, readRelayed, runHostScript, subFrame, topWindow } from './host-helpers.js';
import type { FakeWindow } from './host-helpers.js';

type Channel = { postMessage(message: unknown, hint?: unknown): Promise<unknown> };
const channelName = 'todayWebViewBridge';
const relayName = 'todayWebViewBridgeRelay';
const entryName = '__todayWebViewBridgeEntry';
const bindingName = 'todayWebViewBridgeNative';

/** The base64 of `bytes`, written here without the host scripts' code. */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 4096) binary += String.fromCharCode(...bytes.subarray(start, start + 4096));
  return btoa(binary);
}

/** `{"__today.bytes": content}`, as JSON writes a byte value. */
const byteValue = (content: string | number) => ({ [BYTES_MEMBER]: content });

/** Bytes that are not all alike: `length` of them from `seed`. */
function someBytes(length: number, seed = 7): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index++) bytes[index] = (index * 31 + seed) & 255;
  return bytes;
}

/** A buffer transferred away, and a view made before. */
function detached(): { buffer: ArrayBuffer; view: Uint8Array } {
  const view = new Uint8Array(4);
  structuredClone(view.buffer, { transfer: [view.buffer] });
  return { buffer: view.buffer, view };
}

const resizableBuffer = (): ArrayBuffer => new (ArrayBuffer as unknown as new (length: number, options: object) => ArrayBuffer)(4, { maxByteLength: 8 });

/** A channel that records each call's arguments, the hint included, and answers `answer`. */
function recordingChannel(answer: (message: any) => unknown = () => undefined) {
  const calls: unknown[][] = [];
  const channel = {
    postMessage(...args: unknown[]) {
      calls.push(args);
      return Promise.resolve(answer(args[0]));
    },
  };
  return { channel, calls };
}

// The SDK's message check (B1, B3) and its hint.

const views: [string, () => unknown, number[]][] = [
  ['a Uint8Array', () => new Uint8Array([1, 2, 3]), [1, 2, 3]],
  ['an ArrayBuffer', () => new Uint8Array([4, 5]).buffer, [4, 5]],
  ['a part of a Uint8Array', () => new Uint8Array([0, 1, 2, 3, 4]).subarray(1, 3), [1, 2]],
  ['an Int16Array', () => new Int16Array([258]), [2, 1]],
  ['a Float64Array', () => new Float64Array([1]), [0, 0, 0, 0, 0, 0, 240, 63]],
  ['a DataView of a part of a buffer', () => new DataView(new Uint8Array([9, 8, 7, 6]).buffer, 1, 2), [8, 7]],
];

test('B1 bytes of every kind stand as values, are not looked into, and the message is posted with the hint', async () => {
  for (const [, make] of views) {
    const { channel, calls } = recordingChannel(() => 'ok');
    const value = make();
    // A member of the bytes object itself is not the message's: the check does not look into it.
    Object.defineProperty(value, 'f', { value: () => 1, enumerable: true });
    const message = { type: 'upload', data: value, list: [value, { nested: value }] };
    assert.equal(await invoke(channel, message), 'ok');
    assert.equal(calls.length, 1);
    assert.equal(calls[0][0], message, 'the message is posted as it is');
    assert.deepEqual(calls[0].slice(1), [{ bytes: true }]);
  }
});

test('B1 a message without bytes is posted as it always was, without a hint', async () => {
  const { channel, calls } = recordingChannel();
  await invoke(channel, { type: 'x', note: BYTES_MEMBER, list: [1, { [`${BYTES_MEMBER}s`]: 2 }] });
  assert.equal(calls[0].length, 1);
});

const refusals: [string, () => unknown, string][] = [
  ['a detached ArrayBuffer', () => ({ files: [1, { data: detached().buffer }] }), '$.files[1].data is a detached ArrayBuffer'],
  ['a view of a detached ArrayBuffer', () => ({ data: detached().view }), '$.data is a view of a detached ArrayBuffer'],
  ['a resizable ArrayBuffer', () => ({ data: resizableBuffer() }), '$.data is a resizable ArrayBuffer'],
  ['a view of a resizable ArrayBuffer', () => ({ data: [new DataView(resizableBuffer())] }), '$.data[0] is a view of a resizable ArrayBuffer'],
  ['a SharedArrayBuffer', () => ({ data: new SharedArrayBuffer(4) }), '$.data is a SharedArrayBuffer'],
  ['a view of a SharedArrayBuffer', () => ({ data: new Int32Array(new SharedArrayBuffer(4)) }), '$.data is a view of a SharedArrayBuffer'],
  ['an object with the member __today.bytes', () => ({ data: { [BYTES_MEMBER]: 'AQID' } }), `$.data has the member "${BYTES_MEMBER}", which stands for bytes`],
  ['an object without a prototype with the member __today.bytes', () => ({ data: Object.assign(Object.create(null), { [BYTES_MEMBER]: 0, other: 1 }) }), `$.data has the member "${BYTES_MEMBER}"`],
];

for (const [label, make, problem] of refusals) {
  test(`B3 W5 a message with ${label} is refused at once with a TypeError naming where, and nothing is sent`, async () => {
    const { channel, calls } = recordingChannel();
    await assert.rejects(invoke(channel, { type: 'upload', ...(make() as object) }), (error: unknown) => {
      assert.ok(error instanceof TypeError);
      assert.ok(error.message.includes(problem), error.message);
      return true;
    });
    assert.equal(calls.length, 0);
  });
}

test('B1 X4 a native call\'s reply carries bytes, posted with the hint', async () => {
  const { channel, calls } = recordingChannel();
  const window = webkitWindow(channel);
  new TodayBridge({ window }).handle('thumbnail', () => new Uint16Array([1]).buffer);
  window.dispatchEvent(new CustomEvent(NATIVE_EVENT, { detail: { kind: 'call', id: 'c1', name: 'thumbnail' } }));
  await tick();
  assert.deepEqual(calls.map((call) => call.slice(1)), [[{ bytes: true }]]);
  assert.ok((calls[0][0] as { value: unknown }).value instanceof ArrayBuffer);
});

test('B1 ST1 a stream opened with bytes in its fields is posted with the hint', async () => {
  const { channel, calls } = recordingChannel();
  const stream = new TodayBridge({ window: webkitWindow(channel) }).stream('transcode', { data: new Uint8Array(2) });
  assert.deepEqual(await stream.next(), { value: undefined, done: true });
  assert.deepEqual(calls.map((call) => call.slice(1)), [[{ bytes: true }]]);
});

// Each way to the host, as the host scripts make it, with a host stand-in that echoes each message.

/** What a host stand-in got: the message's JSON text (or `#` and the size of one too large), and the bytes beside it. */
type Received = { text: string; attachments?: Uint8Array[] };

interface Way {
  name: string;
  form: 'base64' | 'attachments';
  /** A page whose host answers each message with the message itself, as its JSON text (and bytes) came. */
  page(maxMessageBytes?: number): { window: FakeWindow; channel: Channel; received: Received[] };
}

/** A top frame's relay and channel (WebKitGTK's, or WKWebView's), the relay's handler echoing. */
function relayPage(engine: 'webkitgtk' | 'webkit', maxMessageBytes: number) {
  const received: Received[] = [];
  const handler = {
    postMessage(text: string) {
      const { mark, body } = readRelayed(text);
      if (mark === BEGAN || mark === RESTORED) return Promise.resolve(undefined);
      received.push({ text: mark === TEXT ? body : mark + body });
      return Promise.resolve(mark === TEXT ? body : undefined);
    },
  };
  const webKitsOwn = { postMessage: () => assert.ok(false, 'WebKit\'s own channel was used') };
  const window = topWindow({ origin: 'https://app.test', location: { href: 'https://app.test/' }, webkit: { messageHandlers: { [relayName]: handler, [channelName]: webKitsOwn } } });
  runHostScript(`${engine}/relay.js`, window, { handlerName: relayName, maxMessageBytes });
  runHostScript(`${engine}/channel.js`, window, engine === 'webkit' ? { channelName, maxMessageBytes } : { channelName, maxMessageBytes, entryName });
  return { window, received, channel: window.webkit.messageHandlers[channelName] as Channel };
}

const ways: Way[] = [
  { name: 'WebKitGTK\'s relay', form: 'base64', page: (max = 1024) => relayPage('webkitgtk', max) },
  { name: 'WKWebView\'s main-frame channel', form: 'base64', page: (max = 1024) => relayPage('webkit', max) },
  {
    name: 'WKWebView\'s sub-frame channel',
    form: 'base64',
    page(maxMessageBytes = 1024) {
      const received: Received[] = [];
      const own = {
        postMessage(body: string) {
          received.push({ text: body[0] === ':' ? body.slice(1) : body });
          return Promise.resolve(body[0] === ':' ? body.slice(1) : undefined);
        },
      };
      const window = subFrame(topWindow(), { webkit: { messageHandlers: { [channelName]: own } } });
      runHostScript('webkit/channel.js', window, { channelName, maxMessageBytes });
      return { window, received, channel: window.webkit.messageHandlers[channelName] as Channel };
    },
  },
  {
    name: 'the Android shim',
    form: 'base64',
    page(maxMessageBytes = 1024) {
      const received: Received[] = [];
      const binding = Object.assign(new EventTarget(), {
        postMessage(text: string) {
          const request = JSON.parse(text);
          const tooLarge = request.length !== undefined;
          const message = text.slice(text.indexOf('"message":') + '"message":'.length, -1);
          received.push({ text: tooLarge ? `#${request.length}` : message });
          const reply = tooLarge ? `{"id":${request.id}}` : `{"id":${request.id},"value":${message}}`;
          queueMicrotask(() => binding.dispatchEvent(new MessageEvent('message', { data: reply })));
        },
      });
      const window = topWindow({ [bindingName]: binding });
      runHostScript('android-shim.js', window, { bindingName, channelName, maxMessageBytes });
      return { window, received, channel: window[channelName] as Channel };
    },
  },
  {
    name: 'the Android shim with ArrayBuffer web messages',
    form: 'attachments',
    page(maxMessageBytes = 1024) {
      const received: Received[] = [];
      let pending: ArrayBuffer[] = [];
      const binding = Object.assign(new EventTarget(), {
        postMessage(message: string | ArrayBuffer) {
          if (typeof message !== 'string') {
            pending.push(message);
            return;
          }
          const attachments = pending;
          pending = [];
          const request = JSON.parse(message);
          // As the host: the text names exactly the ArrayBuffers posted before it, and says how many.
          assert.equal(request.attachments ?? 0, attachments.length);
          const tooLarge = request.length !== undefined;
          const text = message.slice(message.indexOf('"message":') + '"message":'.length, -1);
          received.push(tooLarge ? { text: `#${request.length}` } : attachments.length === 0 ? { text } : { text, attachments: attachments.map((buffer) => new Uint8Array(buffer)) });
          // The echo: each attachment, then the text that names them.
          queueMicrotask(() => {
            for (const buffer of attachments) binding.dispatchEvent(new MessageEvent('message', { data: buffer.slice(0) }));
            binding.dispatchEvent(new MessageEvent('message', { data: tooLarge ? `{"id":${request.id}}` : `{"id":${request.id},"value":${text}}` }));
          });
        },
      });
      const window = topWindow({ [bindingName]: binding });
      runHostScript('android-shim.js', window, { bindingName, channelName, maxMessageBytes, attachesBytes: true });
      return { window, received, channel: window[channelName] as Channel };
    },
  },
  {
    name: 'WebKitGTK\'s web process extension',
    form: 'attachments',
    page(maxMessageBytes = 1024) {
      const received: Received[] = [];
      const entry = (...args: unknown[]) => {
        const [text, settle, attachments] = args as [string, (value: unknown, reason?: string, attachments?: Uint8Array[]) => void, Uint8Array[] | undefined];
        assert.equal(args.length, attachments === undefined ? 2 : 3, 'attachments are passed only when there are some');
        received.push(attachments === undefined ? { text } : { text, attachments });
        // The extension parses the answer's text itself; its bytes come as the attachments.
        setTimeout(() => (attachments === undefined ? settle(text[0] === '#' ? undefined : JSON.parse(text)) : settle(JSON.parse(text), undefined, attachments)), 1);
      };
      const window = topWindow({ webkit: { messageHandlers: {} }, [entryName]: entry });
      runHostScript('webkitgtk/channel.js', window, { channelName, maxMessageBytes, entryName });
      return { window, received, channel: window.webkit.messageHandlers[channelName] as Channel };
    },
  },
];

for (const way of ways) {
  test(`B1 B2 ${way.name} carries bytes in the ${way.form} form, and the page gets the host's as new Uint8Arrays`, async () => {
    const { window, received } = way.page();
    const data = new Uint8Array([0, 1, 2, 3, 254, 255]);
    const part = data.subarray(1, 4);
    const answer = await new TodayBridge({ window }).request('upload', { data, part, again: part, more: [new Int16Array([258]).buffer, new DataView(data.buffer, 4, 2)], empty: new Uint8Array(0) });
    const expected = way.form === 'base64'
      ? { data: byteValue('AAECA/7/'), part: byteValue('AQID'), again: byteValue('AQID'), more: [byteValue('AgE='), byteValue('/v8=')], empty: byteValue(''), type: 'upload' }
      : { data: byteValue(0), part: byteValue(1), again: byteValue(2), more: [byteValue(3), byteValue(4)], empty: byteValue(5), type: 'upload' };
    assert.equal(received[0].text, JSON.stringify(expected));
    if (way.form === 'attachments') {
      const attachments = received[0].attachments!;
      assert.deepEqual(attachments.map((bytes) => [...bytes]), [[0, 1, 2, 3, 254, 255], [1, 2, 3], [1, 2, 3], [2, 1], [254, 255], []]);
      for (const bytes of attachments) {
        assert.ok(bytes instanceof Uint8Array && bytes.buffer !== data.buffer && bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length, 'each is a copy with a buffer of its own');
      }
      data[1] = 100;
      assert.equal(attachments[1][0], 1, 'the page changing its bytes later changes nothing sent');
    }
    const echoed = answer as Record<string, any>;
    assert.deepEqual(echoed, { data: new Uint8Array([0, 1, 2, 3, 254, 255]), part: new Uint8Array([1, 2, 3]), again: new Uint8Array([1, 2, 3]), more: [new Uint8Array([2, 1]), new Uint8Array([254, 255])], empty: new Uint8Array(0), type: 'upload' });
    assert.ok(echoed.data !== data && echoed.data.buffer !== data.buffer, 'a new Uint8Array');
  });

  test(`B2 without bytes, ${way.name} writes a message exactly as before, with the hint or without`, async () => {
    const { channel, received } = way.page();
    const message = { type: 'track', ename: 'x', parameters: { note: BYTES_MEMBER, n: 1.5, list: [null, true, 'é\u2028'] }, skipped: undefined };
    await channel.postMessage(message);
    await channel.postMessage(message, { bytes: true });
    await channel.postMessage(message, { bytes: 'yes' });
    assert.deepEqual(received, [{ text: JSON.stringify(message) }, { text: JSON.stringify(message) }, { text: JSON.stringify(message) }]);
  });

  test(`B3 W5 ${way.name} refuses bytes that cannot be read, and an object with the member __today.bytes, when the hint says bytes`, async () => {
    const { channel, received } = way.page();
    for (const value of [detached().buffer, detached().view, new Uint8Array(resizableBuffer()), new SharedArrayBuffer(2), { [BYTES_MEMBER]: 'AA==' }, () => 1]) {
      await assert.rejects(channel.postMessage({ type: 'upload', value }, { bytes: true }), /^TypeError: The message cannot be sent: /);
    }
    assert.equal(received.length, 0);
  });

  test(`B4 X7 ${way.name} counts bytes in a message's size: one over the limit crosses as its size alone`, async () => {
    const { channel, received } = way.page(1024);
    // In the attachments form the text and the bytes count; in the base64 form, the text.
    const fits = way.form === 'base64' ? 730 : 990;
    const small = { data: new Uint8Array(fits) };
    const large = { data: new Uint8Array(fits + 10), more: new Uint8Array(5000) };
    await channel.postMessage(small, { bytes: true });
    await channel.postMessage(large, { bytes: true });
    const sizeOf = (message: { data: Uint8Array; more?: Uint8Array }) => {
      if (way.form === 'attachments') return `{"data":{"${BYTES_MEMBER}":0}${message.more ? `,"more":{"${BYTES_MEMBER}":1}` : ''}}`.length + message.data.length + (message.more?.length ?? 0);
      return JSON.stringify({ data: byteValue(base64(message.data)), ...(message.more ? { more: byteValue(base64(message.more)) } : {}) }).length;
    };
    assert.ok(sizeOf(small) <= 1024 && sizeOf(small) > 1000, `${sizeOf(small)}`);
    assert.equal(received[0].text[0], '{', 'the message that fits crosses');
    assert.deepEqual(received[1], { text: `#${sizeOf(large)}` }, 'the size of the text that would have crossed; no bytes beside it');
  });

  test(`B1 a 1 MiB buffer and a 3 MiB one round-trip exactly through ${way.name}`, async () => {
    const { window, received } = way.page(8 << 20);
    const bridge = new TodayBridge({ window });
    for (const size of [1 << 20, (3 << 20) + 1]) {
      const data = someBytes(size, size);
      const answer = (await bridge.request('upload', { data })) as { data: Uint8Array };
      assert.ok(answer.data instanceof Uint8Array && answer.data !== data);
      assert.equal(answer.data.length, size);
      let same = true;
      for (let index = 0; index < size; index++) same &&= answer.data[index] === data[index];
      assert.ok(same, 'every byte came back');
    }
    if (way.form === 'base64') assert.equal(JSON.parse(received[0].text).data[BYTES_MEMBER], base64(someBytes(1 << 20, 1 << 20)));
  });
}

test('B2 where the engine has Uint8Array.prototype.toBase64 and Uint8Array.fromBase64, the host scripts use them, with the same text', async () => {
  const used: string[] = [];
  const engine = Uint8Array as unknown as { fromBase64?: (text: string) => Uint8Array; prototype: { toBase64?: () => string } };
  // As an engine with them has them: defined before the host scripts start, which take them then.
  engine.prototype.toBase64 = function (this: Uint8Array) {
    used.push('toBase64');
    return base64(this);
  };
  engine.fromBase64 = (text: string) => {
    used.push('fromBase64');
    return Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
  };
  let page: ReturnType<Way['page']>;
  try {
    page = ways[0].page();
  } finally {
    delete engine.prototype.toBase64;
    delete engine.fromBase64;
  }
  const data = someBytes(100);
  const answer = (await new TodayBridge({ window: page.window }).request('upload', { data })) as { data: Uint8Array };
  assert.deepEqual(used, ['toBase64', 'fromBase64']);
  assert.equal(page.received[0].text, JSON.stringify({ data: byteValue(base64(data)), type: 'upload' }));
  assert.deepEqual(answer.data, data);
});

// What the host sends: answers, deliveries.

/** WebKitGTK's relay page whose host answers each message with `reply`'s text. */
function answeringRelay(reply: (body: string) => string | undefined) {
  const { window, channel } = relayPage('webkitgtk', 1024);
  const handler = window.webkit.messageHandlers[relayName] as { postMessage(text: string): Promise<unknown> };
  const echo = handler.postMessage;
  handler.postMessage = (text: string) => echo(text).then((body) => (typeof body === 'string' ? reply(body) : undefined));
  return channel;
}

test('B2 the prefilter changes no answer: a text naming __today.bytes only in strings parses as JSON', async () => {
  const texts = [
    '{"note":"__today.bytes","list":["__today.bytes",{"k":"x"}]}',
    `{"escaped":${JSON.stringify(JSON.stringify(byteValue('AA==')))}}`,
    '{"__today.bytesy":"AA==","y__today.bytes":1}',
    '[1,"two",{"three":[3]}]',
  ];
  for (const text of texts) {
    const channel = answeringRelay(() => text);
    assert.deepEqual(await channel.postMessage({ type: 'x' }), JSON.parse(text));
  }
});

test('B2 an answer\'s bytes at any depth, in arrays and as the whole answer, become new Uint8Arrays; escaped keys stay text', async () => {
  const text = JSON.stringify({ a: [[byteValue('AQ==')], { b: byteValue('AQI=') }], c: 'AQI=', d: JSON.stringify(byteValue('AQ==')) });
  assert.deepEqual(await answeringRelay(() => text).postMessage({ type: 'x' }), { a: [[new Uint8Array([1])], { b: new Uint8Array([1, 2]) }], c: 'AQI=', d: JSON.stringify(byteValue('AQ==')) });
  assert.deepEqual(await answeringRelay(() => JSON.stringify(byteValue('/w=='))).postMessage({ type: 'x' }), new Uint8Array([255]));
});

/** Answers whose bytes cannot be read (B3). */
const unreadable = [
  byteValue('not base64!'),
  byteValue('AQI'),
  byteValue('AQ=I'),
  byteValue('A==='),
  byteValue(-1),
  byteValue(1.5),
  { [BYTES_MEMBER]: 'AA==', other: 1 },
  { [BYTES_MEMBER]: true },
  { [BYTES_MEMBER]: null },
  { [BYTES_MEMBER]: [0] },
];

test('B3 C5 an answer whose bytes cannot be read rejects as one that is not JSON does, on the relay and WKWebView\'s sub-frames', async () => {
  for (const value of [...unreadable, byteValue(0)]) {
    const text = JSON.stringify({ ok: true, value });
    await assert.rejects(answeringRelay(() => text).postMessage({ type: 'x' }), SyntaxError, text);
    const own = { postMessage: () => Promise.resolve(text) };
    const frame = subFrame(topWindow(), { webkit: { messageHandlers: { [channelName]: own } } });
    runHostScript('webkit/channel.js', frame, { channelName, maxMessageBytes: 1024 });
    await assert.rejects(frame.webkit.messageHandlers[channelName].postMessage({ type: 'x' }), SyntaxError, text);
  }
});

test('B2 B3 WebKitGTK\'s extension: an answer names its attachments by index, each reaching the page itself; an index naming none, or bytes that cannot be read, rejects', async () => {
  let answer: [unknown, string | undefined, Uint8Array[] | undefined] = [undefined, undefined, undefined];
  const entry = (_text: string, settle: (...args: unknown[]) => void) => setTimeout(() => settle(...answer), 1);
  const window = topWindow({ webkit: { messageHandlers: {} }, [entryName]: entry });
  runHostScript('webkitgtk/channel.js', window, { channelName, maxMessageBytes: 1024, entryName });
  const channel = window.webkit.messageHandlers[channelName] as Channel;
  const first = new Uint8Array([1]);
  const second = new Uint8Array([2, 3]);
  answer = [{ a: byteValue(1), b: [byteValue(0), byteValue(1)], c: byteValue('BAU=') }, undefined, [first, second]];
  const value = (await channel.postMessage({ type: 'x' })) as any;
  assert.deepEqual(value, { a: second, b: [first, second], c: new Uint8Array([4, 5]) });
  assert.ok(value.a === second && value.b[0] === first, 'the extension\'s own new Uint8Arrays');
  answer = [{ a: byteValue(1) }, null as unknown as undefined, [first, second]];
  assert.deepEqual(await channel.postMessage({ type: 'x' }), { a: second }, 'no reason: null as undefined');
  for (const unread of [...unreadable, byteValue(2)]) {
    answer = [{ value: unread }, undefined, [first, second]];
    await assert.rejects(channel.postMessage({ type: 'x' }), SyntaxError, JSON.stringify(unread));
  }
  answer = [{ value: byteValue(0) }, undefined, undefined];
  assert.deepEqual(await channel.postMessage({ type: 'x' }), { value: byteValue(0) }, 'without attachments the extension\'s answer holds no bytes, and is not walked');
});

test('B2 B3 A1 the Android shim: a reply\'s bytes become new Uint8Arrays, through either route; a reply whose bytes cannot be read is ignored, as one that is not JSON', async () => {
  const sent: string[] = [];
  const binding = Object.assign(new EventTarget(), { postMessage: (text: string) => void sent.push(text) });
  const window = topWindow({ [bindingName]: binding });
  runHostScript('android-shim.js', window, { bindingName, channelName, maxMessageBytes: 1024 });
  const channel = window[channelName] as Channel;
  const first = channel.postMessage({ type: 'x' });
  const second = channel.postMessage({ type: 'x' });
  const [firstID, secondID] = sent.map((text) => JSON.parse(text).id);
  binding.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ id: firstID, value: unreadable[0] }) }));
  binding.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ id: firstID, value: { file: byteValue('AQID') } }) }));
  window.dispatchEvent(new CustomEvent(STRING_REPLY_EVENT, { detail: JSON.stringify({ id: secondID, value: [byteValue('')] }) }));
  assert.deepEqual(await first, { file: new Uint8Array([1, 2, 3]) });
  assert.deepEqual(await second, [new Uint8Array(0)]);
});

test('B2 X3 X4 ST2 deliveries carry bytes: an event\'s data, a native call\'s arguments and a stream\'s values reach the page as new Uint8Arrays', async () => {
  const { channel, calls } = recordingChannel((message) => (message.__stream ? { stream: message.__stream, window: 16 } : undefined));
  const window = webkitWindow(channel) as unknown as FakeWindow;
  window.top = window;
  runHostScript('platform-tag.js', window, { platform: 'linux' });
  const deliver = (detail: unknown) => runHostScript('page-event.js', window, { event: JSON.stringify({ name: NATIVE_EVENT, detail }) });
  const bridge = new TodayBridge({ window: window as never });
  const events: unknown[] = [];
  bridge.on('photo', (data) => events.push(data));
  bridge.handle('checksum', (args) => (args as { data: Uint8Array }).data.subarray(1));
  const stream = bridge.stream('download', {});
  const nextValue = stream.next();
  await tick();
  const streamID = (calls.find((call) => (call[0] as { type: string }).type === 'download')![0] as { __stream: string }).__stream;
  deliver({ kind: 'event', name: 'photo', data: { jpeg: byteValue('/9j/') } });
  deliver({ kind: 'call', id: 'c1', name: 'checksum', args: { data: byteValue('AQID') } });
  deliver({ kind: 'streamValues', stream: streamID, seq: 0, values: [byteValue('AAE=')] });
  deliver({ kind: 'event', name: 'photo', data: { jpeg: byteValue('not base64') } });
  assert.deepEqual(events, [{ jpeg: new Uint8Array([255, 216, 255]) }], 'a delivery whose bytes cannot be read is ignored');
  assert.deepEqual(await nextValue, { value: new Uint8Array([0, 1]), done: false });
  await tick();
  const reply = calls.find((call) => (call[0] as { type: string }).type === '__today.reply')!;
  assert.deepEqual(reply, [{ type: '__today.reply', id: 'c1', value: new Uint8Array([2, 3]) }, { bytes: true }]);
  await stream.return();
});

test('B2 X3 X4 ST2 WebKitGTK\'s extension: a delivery names its attachments by index, each reaching the page itself; in order with deliveries without bytes; one whose bytes cannot be read is ignored', async () => {
  const { channel, calls } = recordingChannel((message) => (message.__stream ? { stream: message.__stream, window: 16 } : undefined));
  const window = webkitWindow(channel) as unknown as FakeWindow;
  window.top = window;
  runHostScript('platform-tag.js', window, { platform: 'linux' });
  // What the extension does: the receiver, defined at document start, with the text and new Uint8Arrays.
  const receive = window.__todayWebViewDeliver as (text: string, attachments?: unknown) => void;
  const deliver = (detail: unknown, attachments?: unknown) => receive(JSON.stringify({ name: NATIVE_EVENT, detail }), attachments);
  const bridge = new TodayBridge({ window: window as never });
  const events: unknown[] = [];
  bridge.on('photo', (data) => events.push(data));
  bridge.handle('checksum', (args) => (args as { data: Uint8Array }).data.subarray(1));
  const stream = bridge.stream('download', {});
  const values = [stream.next(), stream.next(), stream.next()];
  await tick();
  const streamID = (calls.find((call) => (call[0] as { type: string }).type === 'download')![0] as { __stream: string }).__stream;
  const jpeg = new Uint8Array([255, 216, 255]);
  const chunk = new Uint8Array([0, 1]);
  deliver({ kind: 'event', name: 'photo', data: { n: 0 } });
  deliver({ kind: 'event', name: 'photo', data: { jpeg: byteValue(0), again: [byteValue(0)] } }, [jpeg]);
  deliver({ kind: 'event', name: 'photo', data: { n: 2 } }, []);
  deliver({ kind: 'call', id: 'c1', name: 'checksum', args: { data: byteValue(1) } }, [jpeg, new Uint8Array([1, 2, 3])]);
  deliver({ kind: 'streamValues', stream: streamID, seq: 0, values: [{ n: 0 }] });
  deliver({ kind: 'streamValues', stream: streamID, seq: 1, values: [byteValue(0), { n: 2 }] }, [chunk]);
  deliver({ kind: 'event', name: 'photo', data: { jpeg: byteValue(1) } }, [jpeg]);
  deliver({ kind: 'event', name: 'photo', data: { jpeg: byteValue(0) } }, 'not an array');
  deliver({ kind: 'event', name: 'photo', data: { jpeg: byteValue(0) } });
  assert.deepEqual(events, [{ n: 0 }, { jpeg, again: [jpeg] }, { n: 2 }], 'in order; an index naming no attachment, or attachments that are no array, are ignored');
  assert.ok((events[1] as { jpeg: Uint8Array }).jpeg === jpeg, 'the extension\'s own new Uint8Array');
  assert.deepEqual(await Promise.all(values), [{ n: 0 }, chunk, { n: 2 }].map((value) => ({ value, done: false })));
  await tick();
  const reply = calls.find((call) => (call[0] as { type: string }).type === '__today.reply')!;
  assert.deepEqual(reply, [{ type: '__today.reply', id: 'c1', value: new Uint8Array([2, 3]) }, { bytes: true }]);
  await stream.return();
});

// The fake host (W6).

test('B1 W6 the fake host hands bytes across as a real host does: as new Uint8Arrays, both ways', async () => {
  const window = fakeWindow();
  const seen: unknown[] = [];
  const answer = new Uint8Array([7, 8]);
  const host = createFakeHost({
    window,
    capabilities: {
      upload: (message) => {
        seen.push(message.a, message.b, message.c);
        return { echoed: message.c, answer };
      },
    },
    streams: { chunks: () => [new Uint8Array([1]), new Int8Array([-1]).buffer] },
  });
  const bridge = new TodayBridge({ window });
  const sent = new Uint8Array([1, 2, 3]);
  const result = (await bridge.request('upload', { a: sent.buffer, b: new DataView(sent.buffer, 1, 1), c: new Int16Array([258]) })) as any;
  assert.deepEqual(seen, [new Uint8Array([1, 2, 3]), new Uint8Array([2]), new Uint8Array([2, 1])], 'a capability gets Uint8Arrays');
  assert.deepEqual(result, { echoed: new Uint8Array([2, 1]), answer: new Uint8Array([7, 8]) });
  assert.ok(result.answer !== answer, 'the page gets a new Uint8Array');
  const values: unknown[] = [];
  for await (const value of bridge.stream('chunks', {})) values.push(value);
  assert.deepEqual(values, [new Uint8Array([1]), new Uint8Array([255])]);
  const events: unknown[] = [];
  const emitted = new Uint8Array([5]);
  host.emit('photo', emitted.buffer);
  bridge.on('photo', (data) => events.push(data));
  await tick();
  host.emit('photo', { jpeg: emitted });
  assert.deepEqual(events, [new Uint8Array([5]), { jpeg: new Uint8Array([5]) }]);
  assert.ok((events[1] as { jpeg: Uint8Array }).jpeg !== emitted);
  bridge.handle('reverse', (args) => new Uint8Array([...(args as Uint8Array)].reverse()).buffer);
  assert.deepEqual(await host.call('reverse', new Uint16Array([258])), { value: new Uint8Array([1, 2]), error: undefined, unhandled: undefined });
  host.uninstall();
});

// Types (X6): where a generated map says `Uint8Array` (a Swift `Data`), a page may send any bytes.

type Expect<T extends true> = T;
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
interface AppCapabilities {
  thumbnail: { request: { image: Uint8Array; sizes: Uint8Array[]; name?: string }; result: { png: Uint8Array } };
}
interface AppNativeCalls {
  snapshot: { arguments: { format: string }; result: Uint8Array | null };
}
export type ByteTypeChecks = [
  Expect<Equal<Sendable<Uint8Array>, BytesSource>>,
  Expect<Equal<Sendable<{ a: Uint8Array; b?: string }>, { a: BytesSource; b?: string }>>,
  Expect<Equal<Sendable<Uint8Array[]>, BytesSource[]>>,
  Expect<Equal<Sendable<string | null>, string | null>>,
];

test('B1 X6 the types take any bytes where a map says Uint8Array, and give a Uint8Array back', async () => {
  const bridge = new TodayBridge({ window: fakeWindow() });
  const result = await bridge.request<AppCapabilities, 'thumbnail'>('thumbnail', { image: new ArrayBuffer(1), sizes: [new DataView(new ArrayBuffer(1)), new Uint8Array(1)] });
  const checks: [Expect<Equal<typeof result, { png: Uint8Array } | undefined>>] = [true];
  void checks;
  // @ts-expect-error bytes, not text
  void bridge.request<AppCapabilities, 'thumbnail'>('thumbnail', { image: 'AQID', sizes: [] });
  bridge.handle<AppNativeCalls, 'snapshot'>('snapshot', async () => new ArrayBuffer(2));
  // @ts-expect-error bytes or null, not a number
  bridge.handle<AppNativeCalls, 'snapshot'>('snapshot', () => 1);
  assert.equal(result, undefined);
});
