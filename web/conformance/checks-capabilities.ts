import { channelOf, describe, expect, expectJSON, resolved } from './check.js';
import type { Check } from './check.js';
import { mainFrameHeaders } from './checks-trust.js';

/** The four capabilities: T1–T4. */
export const capabilityChecks: Check[] = [
  {
    rule: 'T1',
    title: 'track resolves undefined, for a valid event, an invalid name and values it drops; the SDK never rejects',
    async run(context) {
      const channel = channelOf(context);
      const events: Record<string, unknown> = {
        'a valid event': { type: 'track', ename: 'conformance_opened', parameters: { n: 1, ok: true, s: 'x' } },
        'an invalid name': { type: 'track', ename: '1 not a name' },
        'values it drops': { type: 'track', ename: 'conformance_dropped', parameters: { nested: { a: 1 }, list: [1], none: null } },
        'no name': { type: 'track' },
      };
      for (const [what, message] of Object.entries(events)) expectJSON(await resolved(channel.postMessage(message), what), undefined, `track with ${what}`);
      expectJSON(await resolved(context.bridge.track('conformance_sdk', { f: (() => 1) as unknown as string }), 'bridge.track'), undefined, 'bridge.track with a function');
    },
  },
  {
    rule: 'T2',
    title: 'headers resolves a record of strings, with Authorization only on a trusted HTTPS page',
    async run(context) {
      const headers = await mainFrameHeaders(context);
      const hasAuthorization = typeof headers.Authorization === 'string';
      expect(hasAuthorization === (context.mode === 'trusted'), `Authorization is ${hasAuthorization ? 'present' : 'absent'} on a ${context.mode} page`);
      if (hasAuthorization) expect(/^\S+ \S/.test(headers.Authorization), 'Authorization is not "<scheme> <value>"');
    },
  },
  {
    rule: 'T3',
    title: 'refreshToken resolves { authorization } alone, the ready-to-use header value',
    modes: ['trusted'],
    async run(context) {
      const answer = await resolved(channelOf(context).postMessage({ type: 'refreshToken' }), 'refreshToken');
      expect(typeof answer === 'object' && answer !== null, `refreshToken resolved ${describe(answer === undefined ? undefined : typeof answer)}`);
      expectJSON(Object.keys(answer), ['authorization'], 'the keys of refreshToken');
      expect(/^\S+ \S/.test(String((answer as { authorization: unknown }).authorization)), 'authorization is not "<scheme> <value>"');
    },
  },
  {
    rule: 'T3',
    title: 'refreshToken resolves undefined where no credential is served',
    modes: ['untrusted', 'cleartext'],
    async run(context) {
      expectJSON(await resolved(channelOf(context).postMessage({ type: 'refreshToken' }), 'refreshToken'), undefined, 'refreshToken');
    },
  },
  {
    rule: 'T4',
    title: 'establishSession resolves { ok: true } and mints an HttpOnly cookie the page cannot read but /api/ receives',
    modes: ['trusted'],
    async run(context) {
      const channel = channelOf(context);
      expectJSON(await resolved(channel.postMessage({ type: 'establishSession' }), 'establishSession'), { ok: true }, 'establishSession');
      expectJSON(await resolved(channel.postMessage({ type: 'establishSession', refresh: true }), 'establishSession'), { ok: true }, 'establishSession with refresh');
      expect(!document.cookie.includes('embed_bearer'), 'the page can read embed_bearer in document.cookie');
      if (!context.sessionEndpoint) return;
      const response = await fetch('/api/conformance/session', { credentials: 'same-origin' });
      expect(response.ok, `GET /api/conformance/session answered ${response.status}`);
      expectJSON(await response.json(), { cookie: true }, 'what /api/conformance/session received');
    },
  },
  {
    rule: 'T4',
    title: 'establishSession resolves undefined where no credential is served',
    modes: ['untrusted', 'cleartext'],
    async run(context) {
      expectJSON(await resolved(channelOf(context).postMessage({ type: 'establishSession' }), 'establishSession'), undefined, 'establishSession');
    },
  },
];
