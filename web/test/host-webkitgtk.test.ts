import assert from 'node:assert/strict';
import test from 'node:test';
import { ERROR, LENGTH, NONE, RELAY_REPLY_EVENT, RELAY_REQUEST_EVENT, TEXT, readRelayText, relayText } from '../host/relay/relay-events.js';
import { TodayBridge } from '../src/bridge.js';
import { tick } from './helpers.js';
import { BEGAN, RESTORED, relayHandler, runHostScript, subFrame, topWindow } from './host-helpers.js';
import type { FakeWindow } from './host-helpers.js';

type Channel = { postMessage(message: unknown): Promise<unknown> };
const channelName = 'todayWebViewBridge';
const handlerName = 'todayWebViewBridgeRelay';
const entryName = '__todayWebViewBridgeEntry';
const channelConfiguration = { channelName, maxMessageBytes: 1024, entryName };
const relayConfiguration = { handlerName, maxMessageBytes: 1024 };

/**
 * The top frame of a WebKitGTK page: the relay's handler (`relayHandler`), then the relay and the
 * channel, as the host injects them. One fake window stands for both worlds, which share the DOM.
 */
function page(answer: (message: any) => unknown = () => undefined, origin = 'https://app.test') {
  const { handler, posted, notices } = relayHandler(answer);
  const window = topWindow({
    origin,
    location: { origin: 'https://app.test', href: 'https://app.test/page?x=1' },
    webkit: { messageHandlers: { [handlerName]: handler } },
  });
  runHostScript('webkitgtk/relay.js', window, relayConfiguration);
  runHostScript('webkitgtk/channel.js', window, channelConfiguration);
  return { window, posted, notices, channel: window.webkit.messageHandlers[channelName] as Channel };
}

test('C8 S4 the relay tells the host its document began, before any request, with its security origin and URL', async () => {
  const { notices, posted, channel } = page();
  assert.deepEqual(notices, [{ token: notices[0].token, facts: { origin: 'https://app.test', url: 'https://app.test/page?x=1' }, mark: BEGAN, body: '' }]);
  await channel.postMessage({ type: 'headers' });
  assert.equal(posted[0].token, notices[0].token);
  assert.equal(posted[0].facts, undefined, 'the host has the facts already');
});

test('C8 S2 the relay reports the document\'s security origin, null for a sandboxed one, not its URL\'s origin', () => {
  const { notices } = page(undefined, 'null');
  assert.equal(notices[0].facts?.origin, 'null');
});

test('S4 the relay tells the host its document came back from the back-forward cache, with its facts, under the same token', async () => {
  const { window, notices, posted, channel } = page();
  window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
  assert.equal(notices.length, 1);
  window.location.href = 'https://app.test/page?x=1#restored';
  window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
  assert.deepEqual(notices.map((notice) => [notice.mark, notice.token, notice.facts?.url]), [
    [BEGAN, notices[0].token, 'https://app.test/page?x=1'],
    [RESTORED, notices[0].token, 'https://app.test/page?x=1#restored'],
  ]);
  await channel.postMessage({ type: 'headers' });
  assert.deepEqual([posted[0].token, posted[0].facts], [notices[0].token, undefined]);
});

test('C8 C1 the channel hands each message to the relay, which posts it as one text with its document\'s token', async () => {
  const { channel, posted, notices } = page((message) => ({ echoed: message }));
  const call = channel.postMessage({ type: 'headers' });
  // The request event is dispatched synchronously: the relay has posted already, as one string.
  assert.deepEqual(posted, [{ token: notices[0].token, facts: undefined, mark: TEXT, body: '{"type":"headers"}' }]);
  assert.deepEqual(await call, { echoed: { type: 'headers' } });
});

test('C8 the relay sends its origin and URL again when the URL changes; its token with every request', async () => {
  const { window, channel, posted } = page();
  await channel.postMessage({ n: 1 });
  await channel.postMessage({ n: 2 });
  window.location.href = 'https://app.test/next';  // pushState
  await channel.postMessage({ n: 3 });
  assert.deepEqual(posted.map((relayed) => relayed.facts?.url), [undefined, undefined, 'https://app.test/next']);
  assert.equal(new Set(posted.map((relayed) => relayed.token)).size, 1);
  const other = page();
  await other.channel.postMessage({ n: 1 });
  assert.ok(other.posted[0].token !== posted[0].token, 'another document, another token');
});

test('C5 C8 concurrent calls settle with their own answers, in any order', async () => {
  const { channel } = page((message) => new Promise((resolve) => setTimeout(() => resolve(message.n), 10 - message.n)));
  assert.deepEqual(await Promise.all([1, 2, 3].map((n) => channel.postMessage({ n }))), [1, 2, 3]);
});

test('W4 C8 a rejection by the handler rejects the call with an Error carrying its message', async () => {
  const reason = 'TodayBridgeError:{"code":"unsupported","message":"no","recoverable":false}';
  const { window, channel } = page(() => {
    throw new Error(reason);
  });
  await assert.rejects(channel.postMessage({ type: 'x' }), (error: unknown) => error instanceof Error && error.message === reason);
  await assert.rejects(new TodayBridge({ window }).request('x'), (error: unknown) => (error as { code?: string }).code === 'unsupported');
  const { channel: plain } = page(() => Promise.reject('plain reason'));
  await assert.rejects(plain.postMessage({ type: 'x' }), (error: unknown) => error instanceof Error && error.message === 'plain reason');
});

test('W5 a message that cannot be cloned is refused at once with a TypeError; nothing is posted', async () => {
  const { channel, posted } = page();
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  const toFunction = { toJSON: () => () => 1 };
  for (const message of [{ f: () => 1 }, Symbol('s'), { s: Symbol('s') }, [() => 1], [[{ deep: [Symbol('s')] }]], { n: BigInt(1) }, cycle, toFunction, { nested: toFunction }]) {
    await assert.rejects(channel.postMessage(message), TypeError);
  }
  assert.equal(posted.length, 0);
  // What JSON carries as data is sent: a method `toJSON` is not a member, and a date is its text.
  await channel.postMessage({ type: 'x', at: new Date(0), shaped: { toJSON: () => ({ plain: [1] }) } });
  assert.equal(posted.length, 1);
});

test('X7 a message longer than the host accepts is not carried, only its length', async () => {
  const { channel, posted } = page();
  const call = channel.postMessage({ type: 'echo', data: 'x'.repeat(2000) });
  assert.deepEqual([posted[0].mark, posted[0].body], [LENGTH, String(JSON.stringify({ type: 'echo', data: 'x'.repeat(2000) }).length)]);
  await call;
});

test('X7 a request longer than the host accepts crosses as its length even when the page forges it', async () => {
  const { window, posted } = page();
  window.dispatchEvent(new CustomEvent(RELAY_REQUEST_EVENT, { detail: relayText(5, TEXT, '"' + 'x'.repeat(2000) + '"') }));
  await tick();
  assert.deepEqual([posted[0].mark, posted[0].body], [LENGTH, '2002']);
});

test('C3 undefined crosses as no text at all, and an undefined answer resolves undefined', async () => {
  const { channel, posted } = page(() => undefined);
  assert.equal(await channel.postMessage(undefined), undefined);
  assert.deepEqual([posted[0].mark, posted[0].body], [NONE, '']);
});

test('C8 X7 the relay ignores request events that are not a relay text', async () => {
  const { window, posted } = page();
  const details = [undefined, null, 1, {}, { id: 1, json: '{}' }, 'text', '', ':{}', '1x', '1!reason', '1#', '1#NaN', '1#-5', '1#1e9', '1234567890123456:{}'];
  for (const detail of details) window.dispatchEvent(new CustomEvent(RELAY_REQUEST_EVENT, { detail }));
  await tick();
  assert.equal(posted.length, 0);
});

test('C5 C8 the channel ignores replies it did not ask for and settles each call once, an unreadable answer as a rejection', async () => {
  const { window, channel } = page(() => new Promise(() => {}));
  let outcomes = 0;
  const call = channel.postMessage({ type: 'x' }).then(
    () => outcomes++,
    (error: unknown) => {
      outcomes++;
      return error;
    },
  );
  for (const detail of [undefined, { id: 1, ok: true }, '2:{}', '1#5', 'x', '1tail']) {
    window.dispatchEvent(new CustomEvent(RELAY_REPLY_EVENT, { detail }));
  }
  await tick();
  assert.equal(outcomes, 0);
  window.dispatchEvent(new CustomEvent(RELAY_REPLY_EVENT, { detail: '1:{not json' }));
  window.dispatchEvent(new CustomEvent(RELAY_REPLY_EVENT, { detail: '1:{}' }));
  assert.ok((await call) instanceof SyntaxError);
  assert.equal(outcomes, 1);
});

test('C8 a relay text carries any JSON text whole, its id first', () => {
  const json = JSON.stringify({ text: 'a:b#c!d\n\u2028😀', n: [1, 2] });
  assert.deepEqual(readRelayText(relayText(42, TEXT, json)), { id: 42, mark: TEXT, body: json });
  assert.deepEqual(readRelayText(relayText(7, NONE)), { id: 7, mark: NONE, body: '' });
  assert.deepEqual(readRelayText(relayText(7, ERROR, 'TodayBridgeError:{}')), { id: 7, mark: ERROR, body: 'TodayBridgeError:{}' });
});

test('C1 the channel is frozen, enumerable, and cannot be replaced; the web SDK calls through it', async () => {
  const { window, channel } = page((message) => message.type);
  const handlers = window.webkit.messageHandlers;
  const descriptor = Object.getOwnPropertyDescriptor(handlers, channelName)!;
  assert.deepEqual([descriptor.writable, descriptor.configurable, descriptor.enumerable], [false, false, true]);
  assert.ok(Object.isFrozen(channel));
  assert.equal(await new TodayBridge({ window }).request('ping'), 'ping');
});

test('C8 S1 sub-frames keep WebKit\'s own channel: neither script does anything there', () => {
  const posted: unknown[] = [];
  const frame: FakeWindow = subFrame(topWindow(), {
    location: { origin: 'https://other.test', href: 'https://other.test/' },
    webkit: { messageHandlers: { [handlerName]: { postMessage: (message: unknown) => posted.push(message) } } },
  });
  runHostScript('webkitgtk/relay.js', frame, relayConfiguration);
  runHostScript('webkitgtk/channel.js', frame, channelConfiguration);
  assert.equal(channelName in frame.webkit.messageHandlers, false);
  frame.dispatchEvent(new CustomEvent(RELAY_REQUEST_EVENT, { detail: relayText(1, TEXT, '{}') }));
  assert.equal(posted.length, 0);
  runHostScript('webkitgtk/channel.js', topWindow(), channelConfiguration);
  runHostScript('webkitgtk/relay.js', topWindow({ webkit: { messageHandlers: {} } }), relayConfiguration);
});

/**
 * A frame whose web process extension defined the native entry: a fake that records each text
 * and settles through its callback as the extension does, `(value)` or `(undefined, reason)`.
 */
function extensionFrame(answer: (text: string) => { value?: unknown; reason?: string }, frame: FakeWindow = topWindow()) {
  const texts: string[] = [];
  frame[entryName] = (text: string, settle: (value: unknown, reason?: string) => void) => {
    texts.push(text);
    const { value, reason } = answer(text);
    setTimeout(() => (reason === undefined ? settle(value) : settle(undefined, reason)), 1);
  };
  frame.webkit = { messageHandlers: { [channelName]: { postMessage: () => assert.ok(false, 'WebKit\'s own channel was used') } } };
  runHostScript('webkitgtk/channel.js', frame, channelConfiguration);
  return { texts, channel: frame.webkit.messageHandlers[channelName] as Channel, frame };
}

test('C8 C1 with the web process extension the channel sends each message\'s text through its entry, in every frame', async () => {
  for (const frame of [topWindow(), subFrame(topWindow())]) {
    const { texts, channel } = extensionFrame((text) => ({ value: { echoed: JSON.parse(text) } }), frame);
    const relayed: unknown[] = [];
    frame.addEventListener(RELAY_REQUEST_EVENT, (event) => relayed.push(event));
    assert.deepEqual(await channel.postMessage({ type: 'headers' }), { echoed: { type: 'headers' } });
    assert.deepEqual(texts, ['{"type":"headers"}']);
    assert.equal(relayed.length, 0, 'nothing goes through the relay');
    const descriptor = Object.getOwnPropertyDescriptor(frame.webkit.messageHandlers, channelName)!;
    assert.deepEqual([descriptor.writable, descriptor.configurable, descriptor.enumerable], [false, false, true]);
  }
});

test('C3 X7 W5 C4 with the web process extension: undefined crosses as no text, a text too long as its length, what cannot be cloned not at all; a reason rejects', async () => {
  const { texts, channel } = extensionFrame((text) => (text === '{"fail":true}' ? { reason: 'TodayBridgeError:{}' } : {}));
  assert.equal(await channel.postMessage(undefined), undefined);
  await channel.postMessage({ data: 'x'.repeat(2000) });
  await assert.rejects(channel.postMessage({ f: () => 1 }), TypeError);
  await assert.rejects(channel.postMessage({ fail: true }), (error: unknown) => error instanceof Error && error.message === 'TodayBridgeError:{}');
  assert.deepEqual(texts, ['', `#${JSON.stringify({ data: 'x'.repeat(2000) }).length}`, '{"fail":true}']);
});
