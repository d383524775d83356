import assert from 'node:assert/strict';
import test from 'node:test';
import { TodayBridge } from '../src/bridge.js';
import type { BuiltInCapabilities, BuiltInEvents, BridgeErrorCode, Platform } from '../src/protocol.js';
import type { PlatformTagConfiguration } from '../host/configurations.generated.js';
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
  // The host's own events carry no data: the page receives null (X3).
  Expect<Equal<BuiltInEvents['host.ready'], null>>,
  Expect<Equal<keyof BuiltInEvents, 'host.background' | 'host.foreground' | 'host.ready'>>,
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

// What the app's generated file declares (X6), as `BridgeContract.typeScript` renders it.
interface CartChangedEvent {
  count: number;
  tier: 'free' | 'plus';
}
interface AppEvents {
  'cart.changed': CartChangedEvent;
  badge: number;
}
interface AppNativeCalls {
  confirmLeave: { arguments: { words: number }; result: boolean };
  'page.title': { arguments: void; result: string | null };
}

test('W2 X6 bridge.on types the listener by the generated event maps; untyped listeners still compile', () => {
  const bridge = new TodayBridge({ window: fakeWindow() });
  const stops = [
    bridge.on<AppEvents, 'cart.changed'>('cart.changed', (cart) => {
      const checks: [Expect<Equal<typeof cart, CartChangedEvent>>] = [true];
      void checks;
    }),
    // The host's own events are typed with or without the app's map.
    bridge.on<AppEvents, 'host.foreground'>('host.foreground', (data) => {
      const checks: [Expect<Equal<typeof data, null>>] = [true];
      void checks;
    }),
    bridge.on('host.ready', (data) => {
      const checks: [Expect<Equal<typeof data, null>>] = [true];
      void checks;
    }),
    // Untyped: any name, data unknown.
    bridge.on('anything', (data) => {
      const checks: [Expect<Equal<typeof data, unknown>>] = [true];
      void checks;
    }),
    bridge.on(String('computed'), (data: unknown) => void data),
    // @ts-expect-error the listener expects other data than the event carries
    bridge.on<AppEvents, 'cart.changed'>('cart.changed', (cart: { count: string }) => void cart),
    // @ts-expect-error the map has no such event
    bridge.on<AppEvents, 'cart.emptied'>('cart.emptied', () => undefined),
    // @ts-expect-error the name must be the map's key given
    bridge.on<AppEvents, 'badge'>('cart.changed', () => undefined),
  ];
  for (const stop of stops) stop();
});

test('W2 X6 bridge.handle types the handler by the generated native-call map; untyped handlers still compile', () => {
  const bridge = new TodayBridge({ window: fakeWindow() });
  const removes = [
    bridge.handle<AppNativeCalls, 'confirmLeave'>('confirmLeave', (draft) => {
      const checks: [Expect<Equal<typeof draft, { words: number }>>] = [true];
      void checks;
      return draft.words < 100;
    }),
    bridge.handle<AppNativeCalls, 'confirmLeave'>('confirmLeave', async (draft) => draft.words === 0),
    bridge.handle<AppNativeCalls, 'page.title'>('page.title', () => null),
    // Untyped: any name, any answer.
    bridge.handle('confirmLeave', async () => true),
    bridge.handle('log', (args) => void args),
    // @ts-expect-error the result must be a boolean
    bridge.handle<AppNativeCalls, 'confirmLeave'>('confirmLeave', () => 'yes'),
    // @ts-expect-error a promise of the wrong result is refused too
    bridge.handle<AppNativeCalls, 'confirmLeave'>('confirmLeave', async () => 1),
    // @ts-expect-error the arguments are { words: number }
    bridge.handle<AppNativeCalls, 'confirmLeave'>('confirmLeave', (draft: { title: string }) => draft.title === ''),
    // @ts-expect-error the map has no such native call
    bridge.handle<AppNativeCalls, 'shutdown'>('shutdown', () => undefined),
  ];
  for (const remove of removes) remove();
  assert.equal(removes.length, 9);
});
