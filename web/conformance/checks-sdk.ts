import { TodayBridge } from '../src/bridge.js';
import type { BridgeWindow } from '../src/channel.js';
import { BridgeError } from '../src/errors.js';
import { createBridgeFetch } from '../src/fetch.js';
import { expect, expectJSON, rejected, resolved } from './check.js';
import type { Check } from './check.js';
import type { ConformanceFixtureCapabilities } from './fixture.generated.js';

/** The web SDK against this host: W1–W5 and W7. */
export const sdkChecks: Check[] = [
  {
    rule: 'W1',
    title: 'the SDK finds the channel and the platform tag; without a host every call resolves undefined',
    async run(context) {
      const { bridge } = context;
      expect(bridge.isAvailable, 'the SDK finds no channel');
      const tag = (window as unknown as { __todayWebView?: { platform?: string } }).__todayWebView;
      expect(bridge.platform === tag?.platform, `the SDK reads the platform as ${bridge.platform}`);
      const alone = new TodayBridge({ window: new EventTarget() as BridgeWindow });
      expect(alone.platform === 'web' && !alone.isAvailable, 'a window without a host is not the web');
      expectJSON(await resolved(alone.headers(), 'headers without a host'), {}, 'headers without a host');
      expectJSON(await resolved(alone.request('conformance.echo', { a: 1 }), 'a request without a host'), undefined, 'a request without a host');
    },
  },
  {
    rule: 'W2',
    title: 'typed calls resolve typed results',
    async run(context) {
      const { bridge } = context;
      const headers = await resolved(bridge.headers(), 'headers');
      expect(typeof headers === 'object' && headers !== null, 'headers() did not resolve an object');
      const count = await resolved(bridge.request<ConformanceFixtureCapabilities, 'conformance.count'>('conformance.count', { count: 7 }), 'count');
      expectJSON(count, { count: 7 }, 'a typed request');
    },
  },
  {
    rule: 'W3',
    title: 'bridgeFetch adds the headers, and on a 401 refreshes once and retries with the new Authorization',
    modes: ['trusted'],
    async run(context) {
      const sent: (string | null)[] = [];
      const scripted = async (_input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(new Headers(init?.headers).get('Authorization'));
        return new Response(null, { status: sent.length === 1 ? 401 : 200 });
      };
      const response = await createBridgeFetch(context.bridge, scripted)('/api/conformance/anything');
      expect(response.status === 200, `the retried request answered ${response.status}`);
      expect(sent.length === 2, `${sent.length} requests were sent, expected 2`);
      expect(sent[0] !== null && sent[1] !== null, 'a request went without Authorization');
      expect(sent[0] !== sent[1], 'the retry did not carry a refreshed Authorization');
    },
  },
  {
    rule: 'W4',
    title: "the host's rejections reach the page as BridgeErrors",
    async run(context) {
      const error = await rejected(context.bridge.request('conformance.reject'), 'reject');
      expect(error instanceof BridgeError && error instanceof Error, 'the rejection is not a BridgeError');
      expect(typeof error.code === 'string' && typeof error.recoverable === 'boolean', 'the BridgeError has no code or recoverable');
    },
  },
  {
    rule: 'W5',
    title: 'what cannot be cloned fails at once with a TypeError; timeout and AbortSignal settle a call',
    async run(context) {
      const { bridge } = context;
      const refused = await rejected(bridge.request('conformance.echo', { f: () => 1 }), 'a function');
      expect(refused instanceof TypeError, `a message with a function rejected with ${String((refused as Error)?.name)}`);
      const late = await rejected(bridge.request('conformance.slow', {}, { timeout: 50 }), 'timeout');
      expect(late instanceof BridgeError && late.code === 'timeout', `a call past its timeout rejected with ${String((late as Error)?.message)}`);
      const abort = new AbortController();
      const cancelled = rejected(bridge.request('conformance.slow', {}, { signal: abort.signal }), 'abort');
      abort.abort();
      const reason = await cancelled;
      expect(reason instanceof BridgeError && reason.code === 'cancelled', `an aborted call rejected with ${String((reason as Error)?.message)}`);
    },
  },
  {
    rule: 'W7',
    title: 'bridge.host and bridge.supports tell what this frame may call',
    async run(context) {
      const { bridge } = context;
      const host = await bridge.host;
      expect(typeof host.name === 'string' && typeof host.version === 'string' && host.protocol >= 2, `bridge.host is ${JSON.stringify({ ...host, capabilities: undefined })}`);
      expect(await bridge.supports('conformance.echo'), "supports('conformance.echo') is false");
      expect(!(await bridge.supports('conformance.no-such-capability')), 'an unknown capability is supported');
      const trusted = context.mode === 'trusted';
      expect((await bridge.supports('conformance.trusted')) === trusted, `supports('conformance.trusted') is ${!trusted} on a ${context.mode} page`);
      expect(host.capabilities['conformance.trusted'] === (trusted ? 'allowed' : 'denied'), `conformance.trusted is offered as ${host.capabilities['conformance.trusted']}`);
    },
  },
];
