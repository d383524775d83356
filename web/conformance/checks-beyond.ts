import { BridgeError } from '../src/errors.js';
import { channelOf, expect, expectJSON, nested, nextEvent, rejected, resolved } from './check.js';
import type { Check } from './check.js';
import { CONFORMANCE_DECLINED_CODE, CONFORMANCE_NATIVE_SECRET } from './fixture.generated.js';
import type { ConformanceFixtureCapabilities, ConformanceFixtureNativeCalls } from './fixture.generated.js';

type Fixture = ConformanceFixtureCapabilities;
type FixtureCalls = ConformanceFixtureNativeCalls;

/** Beyond the four: X1–X4 and X7. */
export const beyondChecks: Check[] = [
  {
    rule: 'X1',
    title: "the app's capabilities answer typed requests; fields that do not decode reject invalidRequest",
    async run(context) {
      const { bridge } = context;
      expectJSON(await resolved(bridge.request<Fixture, 'conformance.count'>('conformance.count', { count: 2 }), 'count'), { count: 2 }, 'count');
      expectJSON(await resolved(bridge.request<Fixture, 'conformance.mainFrame'>('conformance.mainFrame', {}), 'mainFrame'), true, 'a main-frame capability');
      const error = await rejected(bridge.request('conformance.count', { count: 'three' }), 'count with a string');
      expect(error instanceof BridgeError && error.code === 'invalidRequest', `a request that does not decode rejected with ${String((error as Error)?.message)}`);
    },
  },
  {
    rule: 'X2',
    title: "a BridgeError crosses with its code, message and recoverable; any other native error as a generic failed",
    async run(context) {
      const declined = await rejected(context.bridge.request('conformance.reject'), 'reject');
      expect(declined instanceof BridgeError, 'the rejection is not a BridgeError');
      expectJSON({ code: declined.code, message: declined.message, recoverable: declined.recoverable }, { code: CONFORMANCE_DECLINED_CODE, message: 'declined on purpose', recoverable: true }, 'the error');
      const failed = await rejected(context.bridge.request('conformance.throw'), 'throw');
      expect(failed instanceof BridgeError && failed.code === 'failed', `a native error rejected with ${String((failed as Error)?.message)}`);
      expect(!failed.message.includes(CONFORMANCE_NATIVE_SECRET), 'the native error text reached the page');
    },
  },
  {
    rule: 'X3',
    title: 'native events reach subscribers, and an event sent before anyone subscribed arrives on subscription',
    async run(context) {
      const { bridge } = context;
      await resolved(bridge.request<Fixture, 'conformance.emit'>('conformance.emit', { name: 'conformance.early', data: { early: true } }), 'emit');
      expectJSON(await nextEvent(context, 'conformance.early'), { early: true }, 'the kept event');
      const late = nextEvent(context, 'conformance.late');
      await resolved(bridge.request<Fixture, 'conformance.emit'>('conformance.emit', { name: 'conformance.late', data: [1, 'two'] }), 'emit');
      expectJSON(await late, [1, 'two'], 'the event sent to a subscriber');
    },
  },
  {
    rule: 'X4',
    title: "the host calls the page's handlers: a value, a failure, and its default when none is registered",
    async run(context) {
      const { bridge } = context;
      const stopDouble = bridge.handle<FixtureCalls, 'conformance.double'>('conformance.double', (n) => n * 2);
      const stopBroken = bridge.handle<FixtureCalls, 'conformance.broken'>('conformance.broken', () => {
        throw new Error('handler failed');
      });
      try {
        const call = (name: string, args?: unknown) => resolved(bridge.request<Fixture, 'conformance.call'>('conformance.call', { name, args }), name);
        expectJSON(await call('conformance.double', 21), { value: 42 }, 'a handler that answers');
        expectJSON(await call('conformance.broken'), { error: 'failed' }, 'a handler that throws');
        expectJSON(await call('conformance.nobody'), { value: 'unhandled' }, 'no handler');
      } finally {
        stopDouble();
        stopBroken();
      }
    },
  },
  {
    rule: 'X7',
    title: 'a message over 8 MiB or 64 levels deep resolves undefined',
    async run(context) {
      const channel = channelOf(context);
      const huge = { type: 'conformance.echo', text: 'x'.repeat(8 * 1024 * 1024 + 1) };
      expectJSON(await resolved(channel.postMessage(huge), 'an 8 MiB message'), undefined, 'a message over 8 MiB');
      expectJSON(await resolved(channel.postMessage({ type: 'conformance.echo', deep: nested(100) }), 'a deep message'), undefined, 'a message 100 levels deep');
    },
  },
];
