import assert from 'node:assert/strict';
import test from 'node:test';
import { BridgeError } from '../src/errors.js';
import { invoke } from '../src/invoke.js';
import { TodayBridge } from '../src/bridge.js';
import { scriptedChannel, tick, webkitWindow } from './helpers.js';

class Point {
  constructor(public x = 1) {}
}
const cyclic: Record<string, unknown> = { a: 1 };
cyclic.self = cyclic;

for (const [label, message] of [
  ['a function', { type: 'x', f: () => 1 }],
  ['a symbol', { type: 'x', s: Symbol('s') }],
  ['a cycle', cyclic],
  ['a class instance', { type: 'x', p: new Point() }],
  ['a bigint', { type: 'x', n: BigInt(1) }],
  ['a nested function in an array', { type: 'x', list: [1, [() => 2]] }],
] as const) {
  test(`W5 a message with ${label} is refused at once with a TypeError and never sent`, async () => {
    const { channel, sent } = scriptedChannel(() => 'sent');
    await assert.rejects(invoke(channel, message), TypeError);
    assert.equal(sent.length, 0);
  });
}

test('W5 plain data, undefined members and null prototypes are accepted', async () => {
  const { channel, sent } = scriptedChannel(() => 'ok');
  const bare = Object.assign(Object.create(null), { a: 1 });
  assert.equal(await invoke(channel, { type: 'x', u: undefined, n: null, list: [1, 'a', true, { b: [] }], bare }), 'ok');
  assert.equal(sent.length, 1);
});

test('W5 a non-cloneable message is refused through the bridge too, even for track', async () => {
  const { channel, sent } = scriptedChannel();
  const bridge = new TodayBridge({ window: webkitWindow(channel) });
  await assert.rejects(bridge.request('x', { f: () => 1 } as Record<string, unknown>), TypeError);
  assert.equal(await bridge.track('x', { f: (() => 1) as unknown as string }), undefined);
  assert.equal(sent.length, 0);
});

test('W5 a timeout settles once with a timeout error; the late reply is ignored', async () => {
  let answer!: (value: unknown) => void;
  const channel = { postMessage: () => new Promise((resolve) => (answer = resolve)) };
  const call = invoke(channel, { type: 'slow' }, { timeout: 10 });
  await assert.rejects(call, (error: unknown) => error instanceof BridgeError && error.code === 'timeout');
  answer('late');
  await tick();
});

test('W5 an abort settles once with a cancelled error; an aborted signal never sends', async () => {
  const controller = new AbortController();
  let answer!: (value: unknown) => void;
  const channel = { postMessage: () => new Promise((resolve) => (answer = resolve)) };
  const call = invoke(channel, { type: 'slow' }, { signal: controller.signal });
  controller.abort();
  await assert.rejects(call, (error: unknown) => error instanceof BridgeError && error.code === 'cancelled');
  answer('late');
  const { channel: quiet, sent } = scriptedChannel();
  await assert.rejects(invoke(quiet, { type: 'x' }, { signal: controller.signal }), BridgeError);
  assert.equal(sent.length, 0);
});

test('C5 a reply before the timeout wins and the timer is cleared', async () => {
  const { channel } = scriptedChannel(() => 'fast');
  assert.equal(await invoke(channel, { type: 'x' }, { timeout: 1000 }), 'fast');
});

test('C5 a channel that throws synchronously settles the call as a rejection', async () => {
  const channel = {
    postMessage(): Promise<unknown> {
      throw new Error('gone');
    },
  };
  await assert.rejects(invoke(channel, { type: 'x' }), (error: unknown) => error instanceof BridgeError && error.message === 'gone');
});
