import assert from 'node:assert/strict';
import test from 'node:test';
import { readFileSync } from 'node:fs';
import { tick } from './helpers.js';

const shim = readFileSync(new URL('../src/android-shim.js', import.meta.url), 'utf8');

/** Runs the shim in a fresh fake window with a string binding, as Chromium or Android would. */
function install(form: 'function' | 'object') {
  const window = new EventTarget() as EventTarget & Record<string, any>;
  const sent: string[] = [];
  window.todayWebViewBridgeNative = form === 'function' ? (text: string) => sent.push(text) : { postMessage: (text: string) => sent.push(text) };
  new Function('window', shim)(window);
  const reply = (body: unknown) => window.dispatchEvent(new CustomEvent('todaywebviewbridge:reply', { detail: typeof body === 'string' ? body : JSON.stringify(body) }));
  return { window, sent, reply, channel: window.todayWebViewBridge as { postMessage(message: unknown): Promise<unknown> } };
}

for (const form of ['function', 'object'] as const) {
  test(`A1 requests carry ids and replies settle them, out of order too (binding as a ${form})`, async () => {
    const { sent, reply, channel } = install(form);
    const first = channel.postMessage({ type: 'headers' });
    const second = channel.postMessage({ type: 'track', ename: 'x' });
    assert.deepEqual(sent.map((text) => JSON.parse(text)), [
      { id: 1, message: { type: 'headers' } },
      { id: 2, message: { type: 'track', ename: 'x' } },
    ]);
    reply({ id: 2 });
    reply({ id: 1, value: { Authorization: 'Bearer t' } });
    assert.equal(await second, undefined);
    assert.deepEqual(await first, { Authorization: 'Bearer t' });
  });
}

test('A1 an error reply rejects with the reason as an Error message', async () => {
  const { reply, channel } = install('function');
  const call = channel.postMessage({ type: 'x' });
  reply({ id: 1, error: 'TodayBridgeError:{"code":"failed","message":"m","recoverable":false}' });
  await assert.rejects(call, (error: unknown) => error instanceof Error && error.message.startsWith('TodayBridgeError:'));
});

test('A1 unknown and repeated ids, and garbage, are ignored: each promise settles once', async () => {
  const { reply, channel } = install('function');
  let settlements = 0;
  const call = channel.postMessage({ type: 'x' }).then((value) => {
    settlements += 1;
    return value;
  });
  reply({ id: 99, value: 'stranger' });
  reply('not json');
  reply({ id: '1', value: 'string id' });
  reply({ id: 1, value: 'first' });
  reply({ id: 1, value: 'second' });
  reply({ id: 1, error: 'third' });
  assert.equal(await call, 'first');
  await tick();
  assert.equal(settlements, 1);
});

test('A1 a message that cannot be serialized is refused at once and nothing is sent', async () => {
  const { sent, channel } = install('function');
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  await assert.rejects(channel.postMessage(cyclic), TypeError);
  await assert.rejects(channel.postMessage({ n: BigInt(1) }), TypeError);
  await assert.rejects(channel.postMessage({ type: 'x', f: () => 1 }), TypeError);
  assert.equal(sent.length, 0);
});

test('A1 the channel cannot be replaced by the page', () => {
  const { window, channel } = install('function');
  assert.throws(() => {
    'use strict';
    window.todayWebViewBridge = { postMessage: () => Promise.resolve('forged') };
  });
  assert.equal(window.todayWebViewBridge, channel);
  assert.ok(Object.isFrozen(channel));
});
