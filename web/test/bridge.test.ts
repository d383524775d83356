import assert from 'node:assert/strict';
import test from 'node:test';
import { TodayBridge } from '../src/bridge.js';
import { BridgeError } from '../src/errors.js';
import { fakeWindow, scriptedChannel, webkitWindow } from './helpers.js';

test('W1 with no host every call resolves undefined and the platform is web', async () => {
  const bridge = new TodayBridge({ window: fakeWindow() });
  assert.equal(bridge.platform, 'web');
  assert.equal(bridge.isAvailable, false);
  assert.equal(await bridge.track('opened'), undefined);
  assert.deepEqual(await bridge.headers(), {});
  assert.equal(await bridge.refreshToken(), undefined);
  assert.equal(await bridge.establishSession(), undefined);
  assert.equal(await bridge.request('custom', { a: 1 }), undefined);
});

test('C1 C7 the WebKit channel and the platform tag are found; the tag is authoritative', async () => {
  const { channel } = scriptedChannel(() => ({ ok: true }));
  const bridge = new TodayBridge({ window: webkitWindow(channel, 'linux') });
  assert.equal(bridge.platform, 'linux');
  assert.equal(bridge.isAvailable, true);
  assert.equal(new TodayBridge({ window: webkitWindow(channel, 'windows95') }).platform, 'web');
});

test('C1 the Android channel and a configured channel name are found', async () => {
  const { channel, sent } = scriptedChannel(() => 'pong');
  const android = new TodayBridge({ window: fakeWindow({ todayWebViewBridge: channel, __todayWebView: { platform: 'android' } }) });
  assert.equal(android.platform, 'android');
  assert.equal(await android.request('ping'), 'pong');
  const renamed = new TodayBridge({ channelName: 'appBridge', window: fakeWindow({ webkit: { messageHandlers: { appBridge: channel } } }) });
  assert.equal(await renamed.request('ping'), 'pong');
  assert.equal(sent.length, 2);
});

test('C2 messages are flat: the type beside the capability fields', async () => {
  const { channel, sent } = scriptedChannel();
  const bridge = new TodayBridge({ window: webkitWindow(channel) });
  await bridge.track('opened', { tab: 'home' });
  await bridge.establishSession({ refresh: true });
  await bridge.request('cart.add', { sku: 'a', type: 'ignored' } as Record<string, unknown>);
  assert.deepEqual(sent, [
    { type: 'track', ename: 'opened', parameters: { tab: 'home' } },
    { type: 'establishSession', refresh: true },
    { type: 'cart.add', sku: 'a' },
  ]);
});

test('C3 an unknown type resolves undefined', async () => {
  const { channel } = scriptedChannel((message) => (message.type === 'known' ? 1 : undefined));
  const bridge = new TodayBridge({ window: webkitWindow(channel) });
  assert.equal(await bridge.request('unknown'), undefined);
});

test('C4 the result is the value itself, never a wrapper', async () => {
  const { channel } = scriptedChannel(() => ({ authorization: 'Bearer t' }));
  const bridge = new TodayBridge({ window: webkitWindow(channel) });
  assert.deepEqual(await bridge.refreshToken(), { authorization: 'Bearer t' });
});

test('T1 track never rejects, even when the host does', async () => {
  const { channel } = scriptedChannel(() => {
    throw new Error('boom');
  });
  const bridge = new TodayBridge({ window: webkitWindow(channel) });
  assert.equal(await bridge.track('x'), undefined);
});

test('T3 concurrent refreshToken calls share one host refresh', async () => {
  let refreshes = 0;
  const { channel } = scriptedChannel(() => ({ authorization: `Bearer ${++refreshes}` }));
  const bridge = new TodayBridge({ window: webkitWindow(channel) });
  const results = await Promise.all([bridge.refreshToken(), bridge.refreshToken(), bridge.refreshToken()]);
  assert.equal(refreshes, 1);
  assert.deepEqual(results, [{ authorization: 'Bearer 1' }, { authorization: 'Bearer 1' }, { authorization: 'Bearer 1' }]);
  await bridge.refreshToken();
  assert.equal(refreshes, 2);
});

test('W4 a structured rejection becomes a BridgeError with code, message and recoverable', async () => {
  const reason = 'TodayBridgeError:{"code":"declined","message":"card declined","recoverable":true}';
  const { channel } = scriptedChannel(() => {
    throw new Error(reason);
  });
  const bridge = new TodayBridge({ window: webkitWindow(channel) });
  await assert.rejects(bridge.request('pay'), (error: unknown) => {
    assert.ok(error instanceof BridgeError);
    assert.equal(error.code, 'declined');
    assert.equal(error.message, 'card declined');
    assert.equal(error.recoverable, true);
    return true;
  });
});

test('W2 typed calls: track, headers, refreshToken, establishSession, request, on and handle all reach the host', async () => {
  const { channel, sent } = scriptedChannel((message) => {
    switch (message.type) {
      case 'headers': return { Authorization: 'Bearer t' };
      case 'refreshToken': return { authorization: 'Bearer u' };
      case 'establishSession': return { ok: true };
      case '__today.subscribe': return [];
      default: return undefined;
    }
  });
  const window = webkitWindow(channel);
  const bridge = new TodayBridge({ window });
  assert.equal(await bridge.track('opened', { n: 1 }), undefined);
  assert.deepEqual(await bridge.headers(), { Authorization: 'Bearer t' });
  assert.deepEqual(await bridge.refreshToken(), { authorization: 'Bearer u' });
  assert.deepEqual(await bridge.establishSession({ refresh: true }), { ok: true });
  assert.equal(await bridge.request('custom.thing', { a: 1 }), undefined);
  bridge.on('host.ready', () => undefined);
  bridge.handle('ask', () => 'yes');
  window.dispatchEvent(new CustomEvent('todaywebviewbridge', { detail: { kind: 'call', id: '7', name: 'ask' } }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(sent.map((message) => message.type), [
    'track', 'headers', 'refreshToken', 'establishSession', 'custom.thing', '__today.subscribe', '__today.reply',
  ]);
  assert.deepEqual(sent[6], { type: '__today.reply', id: '7', value: 'yes' });
});
