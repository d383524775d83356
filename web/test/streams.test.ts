import assert from 'node:assert/strict';
import test from 'node:test';
import { TodayBridge } from '../src/bridge.js';
import { BridgeError } from '../src/errors.js';
import { NATIVE_EVENT, STREAM_ACK_TYPE, STREAM_CANCEL_TYPE, STREAM_FIELD } from '../src/protocol.js';
import type { NativeDelivery } from '../src/protocol.js';
import { createFakeHost } from '../src/testing.js';
import { fakeWindow, scriptedChannel, tick, webkitWindow } from './helpers.js';

/** The app's map, as the generator renders a stream's entry. */
interface AppCapabilities {
  count: { request: { to: number }; stream: { n: number } };
}

async function* upTo(to: number) {
  for (let n = 0; n < to; n += 1) yield { n };
}

/**
 * A stream of `count` the page opened over a scripted WebKit channel whose host answers with
 * `window`, its first `next()` waiting: the test delivers what the host would.
 */
async function openedStream(window: number) {
  const { channel, sent } = scriptedChannel((message) => (message.type === 'count' ? { stream: message[STREAM_FIELD], window } : undefined));
  const page = webkitWindow(channel);
  const bridge = new TodayBridge({ window: page });
  const deliver = (detail: NativeDelivery) => page.dispatchEvent(new CustomEvent(NATIVE_EVENT, { detail }));
  const iterator = bridge.stream('count');
  const first = iterator.next();
  await tick();
  return { window: page, sent, deliver, iterator, first, id: String(sent[0][STREAM_FIELD]) };
}

test('ST1 ST2 the page reads a stream in order with for await, typed by the map', async () => {
  const window = fakeWindow();
  const host = createFakeHost({ window, streams: { count: (message) => upTo(Number(message.to)) } });
  const bridge = new TodayBridge({ window });
  const seen: number[] = [];
  for await (const value of bridge.stream<AppCapabilities, 'count'>('count', { to: 5 })) seen.push(value.n);
  assert.deepEqual(seen, [0, 1, 2, 3, 4]);
  const opening = host.messages.find((message) => message.type === 'count');
  assert.equal(typeof opening?.[STREAM_FIELD], 'string');
  assert.equal(opening?.to, 5);
  host.uninstall();
});

test('ST3 the page acknowledges what it consumed; the host never runs more than the window ahead', async () => {
  const window = fakeWindow();
  let produced = 0;
  const host = createFakeHost({
    window,
    streamWindow: 2,
    streams: {
      count: function* () {
        for (let n = 0; n < 6; n += 1) {
          produced += 1;
          yield n;
        }
      },
    },
  });
  const bridge = new TodayBridge({ window });
  const iterator = bridge.stream('count');
  assert.deepEqual(await iterator.next(), { value: 0, done: false });
  await tick();
  // One consumed, the window of 2 ahead of it, and the one the host holds while it waits for room.
  assert.ok(produced <= 1 + 2 + 1, `produced ${produced}`);
  const rest: unknown[] = [];
  for await (const value of iterator) rest.push(value);
  assert.deepEqual(rest, [1, 2, 3, 4, 5]);
  assert.ok(host.messages.some((message) => message.type === STREAM_ACK_TYPE));
  host.uninstall();
});

test('ST3 a page that reads as fast as values come acknowledges once per half window, never stalling the host', async () => {
  const window = fakeWindow();
  const host = createFakeHost({ window, streamWindow: 16, streams: { count: () => upTo(64) } });
  const bridge = new TodayBridge({ window });
  let read = 0;
  for await (const _ of bridge.stream('count')) read += 1;
  assert.equal(read, 64);
  const acks = host.messages.filter((message) => message.type === STREAM_ACK_TYPE);
  assert.deepEqual(acks.map((message) => message.count), [8, 8, 8, 8, 8, 8, 8, 8]);
  host.uninstall();
});

test('ST4 break and the AbortSignal cancel the stream on the host', async () => {
  const window = fakeWindow();
  const host = createFakeHost({ window, streams: { count: () => upTo(1000) } });
  const bridge = new TodayBridge({ window });
  for await (const value of bridge.stream('count')) {
    if ((value as { n: number }).n === 2) break;
  }
  await tick();
  assert.equal(host.cancelledStreams.length, 1);

  const controller = new AbortController();
  const iterator = bridge.stream('count', {}, { signal: controller.signal });
  await iterator.next();
  controller.abort();
  await assert.rejects(
    (async () => {
      for (let i = 0; i < 2000; i += 1) await iterator.next();
    })(),
    (error: unknown) => error instanceof BridgeError && error.code === 'cancelled',
  );
  assert.deepEqual(await iterator.next(), { value: undefined, done: true });
  await tick();
  assert.equal(host.cancelledStreams.length, 2);
  host.uninstall();
});

test('ST5 a failed or timed-out stream throws its BridgeError once, then is done', async () => {
  const window = fakeWindow();
  const host = createFakeHost({
    window,
    streams: {
      broken: async function* () {
        yield 1;
        throw Object.assign(new Error('no room'), { code: 'quotaExceeded' });
      },
    },
  });
  const bridge = new TodayBridge({ window });
  const iterator = bridge.stream('broken');
  assert.deepEqual(await iterator.next(), { value: 1, done: false });
  await assert.rejects(iterator.next(), (error: unknown) => error instanceof BridgeError && error.code === 'quotaExceeded');
  assert.deepEqual(await iterator.next(), { value: undefined, done: true });
  host.uninstall();
});

test('ST4 a stream whose opening times out on the page is cancelled on the host, which may open it late', async () => {
  const { channel, sent } = scriptedChannel(() => new Promise(() => undefined));
  const bridge = new TodayBridge({ window: webkitWindow(channel) });
  const iterator = bridge.stream('count', {}, { timeout: 10 });
  await assert.rejects(iterator.next(), (error: unknown) => error instanceof BridgeError && error.code === 'timeout');
  await tick();
  const opening = sent.find((message) => message.type === 'count');
  assert.deepEqual(sent.filter((message) => message.type === STREAM_CANCEL_TYPE), [{ type: STREAM_CANCEL_TYPE, stream: opening?.[STREAM_FIELD] }]);
});

test('ST5 W1 without a host, or for a type the host does not serve, a stream ends without values', async () => {
  const bridge = new TodayBridge({ window: fakeWindow() });
  const values: unknown[] = [];
  for await (const value of bridge.stream('count')) values.push(value);
  assert.deepEqual(values, []);
  const { channel } = scriptedChannel(() => undefined);
  const served = new TodayBridge({ window: webkitWindow(channel) });
  for await (const value of served.stream('unknown')) values.push(value);
  assert.deepEqual(values, []);
});

test('ST2 ST3 one delivery carries the values waiting on the host: read in order, acknowledged as they are taken, the next numbered after them', async () => {
  const { sent, deliver, iterator, first, id } = await openedStream(8);
  deliver({ kind: 'streamValues', stream: id, seq: 0, values: ['a', 'b', 'c'] });
  deliver({ kind: 'streamValues', stream: id, seq: 2, values: ['overlapping'] });
  deliver({ kind: 'streamValues', stream: id, seq: 3, values: ['d', 'e'] });
  const read = [(await first).value];
  for (let taken = 1; taken < 5; taken += 1) read.push((await iterator.next()).value);
  assert.deepEqual(read, ['a', 'b', 'c', 'd', 'e']);
  const acks = sent.filter((message) => message.type === STREAM_ACK_TYPE);
  assert.deepEqual(acks.map((message) => message.count), [4]);
  deliver({ kind: 'streamEnd', stream: id, end: 'finished' });
  assert.deepEqual(await iterator.next(), { value: undefined, done: true });
});

test('ST2 ST5 values out of order or after the end are ignored; a restored page ends its streams as cancelled', async () => {
  const { window, sent, deliver, iterator, first, id } = await openedStream(4);
  deliver({ kind: 'streamValues', stream: id, seq: 1, values: ['skipped'] });
  deliver({ kind: 'streamValues', stream: id, seq: 0, values: 'no array' } as never);
  deliver({ kind: 'streamValues', stream: id, seq: 0, values: ['a'] });
  assert.deepEqual(await first, { value: 'a', done: false });
  window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
  await assert.rejects(iterator.next(), (error: unknown) => error instanceof BridgeError && error.code === 'cancelled');
  deliver({ kind: 'streamValues', stream: id, seq: 1, values: ['late'] });
  assert.deepEqual(await iterator.next(), { value: undefined, done: true });
  assert.ok(!sent.some((message) => message.type === STREAM_CANCEL_TYPE));
});
