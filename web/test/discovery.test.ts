import assert from 'node:assert/strict';
import test from 'node:test';
import { TodayBridge } from '../src/bridge.js';
import { PROTOCOL_VERSION } from '../src/protocol.js';
import { createFakeHost } from '../src/testing.js';
import { fakeWindow, scriptedChannel, webkitWindow } from './helpers.js';

test('W7 W1 without a host: protocol 0, no name, nothing supported', async () => {
  const bridge = new TodayBridge({ window: fakeWindow() });
  assert.deepEqual(await bridge.host, { protocol: 0, capabilities: {} });
  assert.equal(await bridge.supports('track'), false);
});

test('D1 W7 the host says what this frame may call: allowed, denied, or absent', async () => {
  const window = fakeWindow();
  const host = createFakeHost({
    window,
    host: { name: 'Today', version: '7.3.1' },
    capabilities: { track: () => undefined, headers: () => ({}), purchase: () => ({ id: 'r-1' }) },
    denied: ['refreshToken'],
  });
  const bridge = new TodayBridge({ window });
  const info = await bridge.host;
  assert.equal(info.name, 'Today');
  assert.equal(info.version, '7.3.1');
  assert.equal(info.protocol, PROTOCOL_VERSION);
  assert.deepEqual(info.capabilities, { track: 'allowed', headers: 'allowed', purchase: 'allowed', refreshToken: 'denied' });
  assert.equal(await bridge.supports('purchase'), true);
  assert.equal(await bridge.supports('refreshToken'), false, 'offered, denied');
  assert.equal(await bridge.supports('cart.add'), false, 'not offered');
  assert.equal(await bridge.refreshToken(), undefined);
  host.uninstall();
});

test('D1 W7 the host is asked once per bridge, with the protocol this SDK speaks', async () => {
  const { channel, sent } = scriptedChannel((message) =>
    message.type === '__today.hello' ? { protocol: 2, host: { name: 'App', version: '1' }, capabilities: { track: 'allowed' } } : undefined,
  );
  const bridge = new TodayBridge({ window: webkitWindow(channel) });
  await Promise.all([bridge.host, bridge.supports('track'), bridge.supports('headers'), bridge.host]);
  assert.deepEqual(sent, [{ type: '__today.hello', protocol: PROTOCOL_VERSION }]);
});

test('D2 a host older than discovery answers undefined: protocol 1 and what protocol 1 guarantees', async () => {
  const window = fakeWindow();
  const host = createFakeHost({ window, protocol: 1, capabilities: { track: () => undefined, headers: () => ({}) } });
  const info = await new TodayBridge({ window }).host;
  assert.deepEqual(info, { protocol: 1, capabilities: { track: 'allowed', headers: 'allowed' } });
  host.uninstall();
  const { channel } = scriptedChannel(() => undefined);
  const subFrame = fakeWindow({ webkit: { messageHandlers: { todayWebViewBridge: channel } }, top: {} });
  assert.deepEqual(await new TodayBridge({ window: subFrame }).host, { protocol: 1, capabilities: { track: 'allowed' } }, 'a sub-frame is promised track only');
});

test('D2 a newer host: the older protocol is used, unknown fields and offers are not taken as promises', async () => {
  const { channel } = scriptedChannel(() => ({
    protocol: PROTOCOL_VERSION + 1,
    host: { name: 'Next', version: '9', build: 'abc' },
    capabilities: { track: 'allowed', purchase: 'limited' },
    extras: { streaming: true },
  }));
  const bridge = new TodayBridge({ window: webkitWindow(channel) });
  assert.deepEqual(await bridge.host, { name: 'Next', version: '9', protocol: PROTOCOL_VERSION, capabilities: { track: 'allowed', purchase: 'denied' } });
  assert.equal(await bridge.supports('purchase'), false);
});

test('D2 an answer the SDK cannot read, or a rejection, counts as a host older than discovery', async () => {
  const answers: unknown[] = [
    null, 'hello', 42, [], { protocol: '2' }, { protocol: 2.5, host: { name: 'a', version: 'b' }, capabilities: {} },
    { protocol: 2, host: 'Today', capabilities: {} }, { protocol: 2, host: { name: 'a' }, capabilities: {} },
    { protocol: 2, host: { name: 'a', version: 'b' }, capabilities: ['track'] }, { protocol: 1, host: { name: 'a', version: 'b' }, capabilities: {} },
  ];
  for (const answer of answers) {
    const { channel } = scriptedChannel(() => answer);
    assert.equal((await new TodayBridge({ window: webkitWindow(channel) }).host).protocol, 1, JSON.stringify(answer));
  }
  const { channel } = scriptedChannel(() => {
    throw new Error('TodayBridgeError:{"code":"failed","message":"no","recoverable":false}');
  });
  assert.equal((await new TodayBridge({ window: webkitWindow(channel) }).host).protocol, 1);
});
