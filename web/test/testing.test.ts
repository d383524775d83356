import assert from 'node:assert/strict';
import test from 'node:test';
import { TodayBridge } from '../src/bridge.js';
import { BridgeError } from '../src/errors.js';
import { createFakeHost } from '../src/testing.js';
import { fakeWindow } from './helpers.js';

test('W6 a page test runs against the in-memory fake host', async () => {
  const window = fakeWindow();
  const host = createFakeHost({
    window,
    platform: 'android',
    capabilities: {
      headers: () => ({ Authorization: 'Bearer test' }),
      greet: (message) => `Hello, ${String(message.name)}`,
      fail: () => {
        throw new Error('TodayBridgeError:{"code":"unsupported","message":"not here","recoverable":false}');
      },
    },
  });
  const bridge = new TodayBridge({ window });
  assert.equal(bridge.platform, 'android');
  assert.deepEqual(await bridge.headers(), { Authorization: 'Bearer test' });
  assert.equal(await bridge.request('greet', { name: 'Ada' }), 'Hello, Ada');
  assert.equal(await bridge.request('unknown'), undefined);
  await assert.rejects(bridge.request('fail'), (error: unknown) => error instanceof BridgeError && error.code === 'unsupported');
  assert.deepEqual(host.messages[1], { type: 'greet', name: 'Ada' });
  host.uninstall();
  assert.equal(bridge.platform, 'web');
  assert.equal(await bridge.request('greet', { name: 'Ada' }), undefined);
});
