import assert from 'node:assert/strict';
import test from 'node:test';
import { TodayBridge } from '../src/bridge.js';
import type { BuiltInCapabilities, BridgeErrorCode, Platform } from '../src/protocol.js';
import type { PlatformTagConfiguration } from '../src/host/configurations.generated.js';
import { fakeWindow } from './helpers.js';

// Type-level checks of the generated declarations (X6): this file must compile.
type Expect<T extends true> = T;
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export type Checks = [
  Expect<Equal<BuiltInCapabilities['refreshToken']['result'], { authorization: string }>>,
  Expect<Equal<BuiltInCapabilities['track']['result'], void>>,
  Expect<Equal<BuiltInCapabilities['headers']['result'], Record<string, string>>>,
  Expect<Equal<BuiltInCapabilities['establishSession']['request'], { refresh?: boolean }>>,
  Expect<Equal<Extract<BridgeErrorCode, 'timeout'>, 'timeout'>>,
  // The SDK's platforms are the host's (C7), and 'web'.
  Expect<Equal<Exclude<Platform, 'web'>, PlatformTagConfiguration['platform']>>,
];

interface AppCapabilities {
  purchase: { request: { sku: string }; result: { id: string } };
}

test('X6 typed calls follow the generated and the app declarations', async () => {
  const bridge = new TodayBridge({ window: fakeWindow() });
  // @ts-expect-error ename must be a string
  void bridge.track(42);
  // @ts-expect-error parameters are scalars
  void bridge.track('x', { nested: { a: 1 } });
  // @ts-expect-error refresh is a boolean
  void bridge.establishSession({ refresh: 'yes' });
  const receipt: { id: string } | undefined = await bridge.request<AppCapabilities, 'purchase'>('purchase', { sku: 'plus' });
  // @ts-expect-error sku is required
  void bridge.request<AppCapabilities, 'purchase'>('purchase', {});
  assert.equal(receipt, undefined);
});
