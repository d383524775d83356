import assert from 'node:assert/strict';
import test from 'node:test';
import { TodayBridge } from '../src/bridge.js';
import { createBridgeFetch } from '../src/fetch.js';
import { scriptedChannel, webkitWindow } from './helpers.js';

function hostWithTokens() {
  let token = 'old';
  let refreshes = 0;
  const { channel } = scriptedChannel((message) => {
    if (message.type === 'headers') return { Authorization: `Bearer ${token}`, 'X-Client': 'test' };
    if (message.type === 'refreshToken') {
      refreshes += 1;
      token = `new-${refreshes}`;
      return new Promise((resolve) => setTimeout(() => resolve({ authorization: `Bearer ${token}` }), 5));
    }
    return undefined;
  });
  return { bridge: new TodayBridge({ window: webkitWindow(channel) }), refreshes: () => refreshes };
}

function server() {
  const seen: { url: string; authorization: string | null; body: string | null }[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const authorization = request.headers.get('Authorization');
    seen.push({ url: request.url, authorization, body: request.body ? await request.text() : null });
    return new Response(null, { status: authorization?.startsWith('Bearer new') ? 200 : 401 });
  };
  return { seen, fetchImpl };
}

test('W3 the host headers are added; the bridge Authorization replaces the page one', async () => {
  const { bridge } = hostWithTokens();
  const { seen, fetchImpl } = server();
  const bridgeFetch = createBridgeFetch(bridge, fetchImpl);
  await bridgeFetch('https://a.test/api', { headers: { Authorization: 'Bearer page', Accept: 'text/plain' } });
  assert.equal(seen[0]!.authorization, 'Bearer old');
  const { fetchImpl: inspect, headers } = (() => {
    const headers: Headers[] = [];
    return { headers, fetchImpl: async (input: RequestInfo | URL, init?: RequestInit) => (headers.push(new Request(input, init).headers), new Response(null)) };
  })();
  await createBridgeFetch(bridge, inspect)('https://a.test/api', { headers: { Accept: 'text/plain' } });
  assert.equal(headers[0]!.get('X-Client'), 'test');
  assert.equal(headers[0]!.get('Accept'), 'text/plain');
});

test('W3 concurrent 401s trigger one refresh and one retry each', async () => {
  const { bridge, refreshes } = hostWithTokens();
  const { seen, fetchImpl } = server();
  const bridgeFetch = createBridgeFetch(bridge, fetchImpl);
  const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => bridgeFetch(`https://a.test/api/${index}`)));
  assert.equal(refreshes(), 1);
  assert.ok(responses.every((response) => response.status === 200));
  assert.equal(seen.length, 40);
  assert.ok(seen.slice(20).every((request) => request.authorization === 'Bearer new-1'));
});

test('W3 with no token to be had the 401 is returned as is, without a retry', async () => {
  const { channel } = scriptedChannel(() => undefined);
  const bridge = new TodayBridge({ window: webkitWindow(channel) });
  const { seen, fetchImpl } = server();
  const response = await createBridgeFetch(bridge, fetchImpl)('https://a.test/api');
  assert.equal(response.status, 401);
  assert.equal(seen.length, 1);
});

test('W3 a refresh that rejects returns the 401 as is', async () => {
  const { channel } = scriptedChannel((message) => {
    if (message.type === 'refreshToken') throw new Error('refresh failed');
    return {};
  });
  const { fetchImpl } = server();
  const response = await createBridgeFetch(new TodayBridge({ window: webkitWindow(channel) }), fetchImpl)('https://a.test/api');
  assert.equal(response.status, 401);
});

test('W3 the retry sends the body again, also from a Request object', async () => {
  const { bridge } = hostWithTokens();
  const { seen, fetchImpl } = server();
  const bridgeFetch = createBridgeFetch(bridge, fetchImpl);
  await bridgeFetch('https://a.test/api', { method: 'POST', body: 'payload' });
  await bridgeFetch(new Request('https://a.test/api', { method: 'POST', body: 'from-request' }));
  assert.deepEqual(seen.map((request) => request.body), ['payload', 'payload', 'from-request']);
});

test('W3 a 401 that arrives after the refresh finished retries with its result, without another refresh', async () => {
  const { bridge, refreshes } = hostWithTokens();
  const gates: (() => void)[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const authorization = new Request(input, init).headers.get('Authorization');
    if (authorization === 'Bearer old') await new Promise<void>((resolve) => gates.push(resolve));
    return new Response(null, { status: authorization?.startsWith('Bearer new') ? 200 : 401 });
  };
  const bridgeFetch = createBridgeFetch(bridge, fetchImpl);
  const early = bridgeFetch('https://a.test/1');
  const late = bridgeFetch('https://a.test/2');
  while (gates.length < 2) await new Promise((resolve) => setTimeout(resolve, 1));
  gates[0]!();
  assert.equal((await early).status, 200);
  gates[1]!();
  assert.equal((await late).status, 200);
  assert.equal(refreshes(), 1);
});
