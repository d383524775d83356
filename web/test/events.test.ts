import assert from 'node:assert/strict';
import test from 'node:test';
import { TodayBridge } from '../src/bridge.js';
import { createFakeHost } from '../src/testing.js';
import { fakeWindow, scriptedChannel, tick, webkitWindow } from './helpers.js';

function setup() {
  const window = fakeWindow();
  const host = createFakeHost({ window });
  return { window, host, bridge: new TodayBridge({ window }) };
}

test('X3 an event emitted before subscription arrives on subscribe, then live ones', async () => {
  const { host, bridge } = setup();
  host.emit('host.ready', { n: 1 });
  host.emit('host.ready', { n: 2 });
  const seen: unknown[] = [];
  bridge.on('host.ready', (data) => seen.push(data));
  await tick();
  host.emit('host.ready', { n: 3 });
  assert.deepEqual(seen, [{ n: 1 }, { n: 2 }, { n: 3 }]);
  assert.deepEqual(host.messages.filter((message) => message.type === '__today.subscribe'), [{ type: '__today.subscribe', event: 'host.ready' }]);
});

test('X3 a listener that throws does not keep the event from the others', async () => {
  const { host, bridge } = setup();
  const seen: unknown[] = [];
  const errors: unknown[] = [];
  const original = console.error;
  console.error = (error: unknown) => errors.push(error);
  bridge.on('tick', () => {
    throw new Error('listener bug');
  });
  bridge.on('tick', (data) => seen.push(data));
  await tick();
  host.emit('tick', 1);
  console.error = original;
  assert.deepEqual(seen, [1]);
  assert.equal(errors.length, 1);
});

test('X3 unsubscribing stops delivery; other names are not delivered', async () => {
  const { host, bridge } = setup();
  const seen: unknown[] = [];
  const stop = bridge.on('a', (data) => seen.push(data));
  await tick();
  host.emit('b', 'other');
  host.emit('a', 1);
  stop();
  host.emit('a', 2);
  assert.deepEqual(seen, [1]);
});

test('X3 S4 a page restored from the back-forward cache subscribes again to each name it listens to, and gets that backlog', async () => {
  const { channel, sent } = scriptedChannel((message) => (message.event === 'cart' ? [`kept ${sent.length}`] : []));
  const window = webkitWindow(channel);
  const bridge = new TodayBridge({ window });
  const seen: unknown[] = [];
  bridge.on('cart', (data) => seen.push(data));
  bridge.on('gone', () => undefined)();
  await tick();
  window.dispatchEvent(pageshow(false));
  await tick();
  assert.deepEqual(sent.map((message) => message.event), ['cart', 'gone']);
  window.dispatchEvent(pageshow(true));
  await tick();
  assert.deepEqual(sent.map((message) => message.event), ['cart', 'gone', 'cart']);
  assert.deepEqual(seen, ['kept 1', 'kept 3']);
});

/** A `pageshow` event as a browser dispatches it. */
function pageshow(persisted: boolean): Event {
  return Object.assign(new Event('pageshow'), { persisted });
}

test('X4 a handler value, an async value, a throw and no handler each get exactly one reply', async () => {
  const { host, bridge } = setup();
  bridge.handle('sum', (args) => (args as number[]).reduce((a, b) => a + b, 0));
  bridge.handle('later', async () => 'done');
  bridge.handle('nothing', () => undefined);
  bridge.handle('broken', () => {
    throw new Error('no way');
  });
  bridge.handle('uncloneable', () => () => 1);
  assert.deepEqual(await host.call('sum', [1, 2, 3]), { value: 6, error: undefined, unhandled: undefined });
  assert.deepEqual(await host.call('later'), { value: 'done', error: undefined, unhandled: undefined });
  assert.deepEqual(await host.call('nothing'), { value: undefined, error: undefined, unhandled: undefined });
  assert.equal((await host.call('broken')).error, 'no way');
  assert.match((await host.call('uncloneable')).error ?? '', /cannot be sent/);
  assert.equal((await host.call('missing')).unhandled, true);
  assert.equal(host.messages.filter((message) => message.type === '__today.reply').length, 6);
});

test('X4 removing a handler makes the call unhandled', async () => {
  const { host, bridge } = setup();
  const remove = bridge.handle('ask', () => 'yes');
  remove();
  assert.equal((await host.call('ask')).unhandled, true);
});
