import assert from 'node:assert/strict';
import test from 'node:test';
import { readFileSync } from 'node:fs';
import { VERSION } from '../src/index.js';

const bundle = readFileSync(new URL('../../today-bridge.js', import.meta.url), 'utf8');

test('W1 dist/today-bridge.js exposes window.TodayBridge: the SDK only, without the testing entry or host scripts', async () => {
  const window = new EventTarget() as EventTarget & Record<string, any>;
  new Function('window', bundle)(window);
  assert.deepEqual(Object.keys(window.TodayBridge).sort(), ['BridgeError', 'TodayBridge', 'VERSION', 'bridge', 'bridgeFetch', 'createBridgeFetch']);
  assert.equal(window.TodayBridge.VERSION, VERSION);
  assert.ok(Object.isFrozen(window.TodayBridge));
  assert.equal(await new window.TodayBridge.TodayBridge({ window: new EventTarget() }).request('x'), undefined);
  assert.equal(/createFakeHost|\/\/ host\/|\/\/ testing\.js/.test(bundle), false);
});
