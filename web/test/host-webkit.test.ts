import assert from 'node:assert/strict';
import test from 'node:test';
import { TEXT } from '../host/relay/relay-events.js';
import { TodayBridge } from '../src/bridge.js';
import { BEGAN, RESTORED, relayHandler, runHostScript, subFrame, topWindow } from './host-helpers.js';
import type { FakeWindow } from './host-helpers.js';

type Channel = { postMessage(message: unknown): Promise<unknown> };
const channelName = 'todayWebViewBridge';
const handlerName = 'todayWebViewBridgeRelay';
const channelConfiguration = { channelName, maxMessageBytes: 1024 };
const relayConfiguration = { handlerName, maxMessageBytes: 1024 };

/**
 * The top frame of a WKWebView page: WebKit's own page-world channel (which must not be used), the
 * relay's handler in the bridge's world (`relayHandler`), then the relay and the channel, as the
 * adapter injects them. One fake window stands for both worlds, which share the DOM.
 */
function page(answer: (message: any) => unknown = () => undefined) {
  const { handler: relay, posted, notices } = relayHandler(answer);
  const webKitsOwn = { postMessage: () => assert.ok(false, 'WebKit\'s own channel was used') };
  const window = topWindow({
    location: { href: 'https://app.test/page' },
    webkit: { messageHandlers: { [handlerName]: relay, [channelName]: webKitsOwn } },
  });
  runHostScript('webkit/relay.js', window, relayConfiguration);
  runHostScript('webkit/channel.js', window, channelConfiguration);
  return { window, posted, notices, channel: window.webkit.messageHandlers[channelName] as Channel };
}

const pageshow = (persisted: boolean) => Object.assign(new Event('pageshow'), { persisted });

test('S4 C8 the relay tells the host its document began with its token alone: WebKit\'s frame info says the rest', async () => {
  const { window, notices, posted, channel } = page();
  assert.deepEqual(notices.map(({ facts, mark, body }) => [facts, mark, body]), [[undefined, BEGAN, '']]);
  await channel.postMessage({ type: 'headers' });
  window.location.href = 'https://app.test/moved';  // pushState
  await channel.postMessage({ type: 'headers' });
  assert.deepEqual(posted.map(({ token, facts }) => [token, facts]), [[notices[0].token, undefined], [notices[0].token, undefined]]);
});

test('S4 the relay tells the host its document came back from the back-forward cache, under the same token', () => {
  const { window, notices } = page();
  window.dispatchEvent(pageshow(false));
  window.dispatchEvent(pageshow(true));
  assert.deepEqual(notices.map(({ token, mark }) => [token, mark]), [[notices[0].token, BEGAN], [notices[0].token, RESTORED]]);
  assert.ok(page().notices[0].token !== notices[0].token, 'another document, another token');
});

test('C1 C8 the main frame\'s channel replaces WebKit\'s own and settles each call with the relay\'s answer, parsed', async () => {
  const { window, channel, posted } = page((message) => ({ echoed: message }));
  const descriptor = Object.getOwnPropertyDescriptor(window.webkit.messageHandlers, channelName)!;
  assert.deepEqual([descriptor.writable, descriptor.configurable, descriptor.enumerable], [false, false, true]);
  assert.ok(Object.isFrozen(channel));
  assert.deepEqual(await channel.postMessage({ type: 'headers' }), { echoed: { type: 'headers' } });
  assert.deepEqual(posted.map(({ mark, body }) => [mark, body]), [[TEXT, '{"type":"headers"}']]);
  assert.deepEqual(await new TodayBridge({ window }).request('ping'), { echoed: { type: 'ping' } });
});

test('S4 a window kept for the next document runs the relay again: the relay there announces the document, and a request posts once', async () => {
  const { window, notices, posted, channel } = page();
  runHostScript('webkit/relay.js', window, relayConfiguration);
  runHostScript('webkit/channel.js', window, channelConfiguration);
  assert.deepEqual(notices.map(({ token, mark }) => [token, mark]), [[notices[0].token, BEGAN], [notices[0].token, BEGAN]]);
  assert.equal(window.webkit.messageHandlers[channelName], channel, 'the channel stays');
  await channel.postMessage({ type: 'headers' });
  assert.equal(posted.length, 1);
});

/** A sub-frame of a WKWebView page: WebKit's own handler, which records what it gets and answers as the adapter does (JSON text), then the channel. */
function frame(answer: (text: string) => unknown = () => undefined) {
  const posted: unknown[] = [];
  const webKitsOwn = { postMessage: (body: unknown) => (posted.push(body), new Promise((resolve) => resolve(answer(body as string)))) };
  const window: FakeWindow = subFrame(topWindow(), {
    location: { href: 'https://other.test/' },
    webkit: { messageHandlers: { [handlerName]: { postMessage: (text: unknown) => posted.push(['relay', text]) }, [channelName]: webKitsOwn } },
  });
  runHostScript('webkit/relay.js', window, relayConfiguration);
  runHostScript('webkit/channel.js', window, channelConfiguration);
  return { window, posted, webKitsOwn, channel: window.webkit.messageHandlers[channelName] as Channel };
}

test('C1 C5 W5 a sub-frame\'s channel posts each message to WebKit\'s own handler as text and parses the text answered', async () => {
  const { window, posted, webKitsOwn, channel } = frame((text) => (text === '' ? undefined : JSON.stringify({ got: text })));
  assert.ok(channel !== (webKitsOwn as unknown), 'WebKit\'s own handler is replaced');
  assert.ok(Object.isFrozen(channel));
  const descriptor = Object.getOwnPropertyDescriptor(window.webkit.messageHandlers, channelName)!;
  assert.deepEqual([descriptor.writable, descriptor.configurable], [false, false]);
  assert.deepEqual(await channel.postMessage({ type: 'track', ename: 'x' }), { got: ':{"type":"track","ename":"x"}' });
  assert.equal(await channel.postMessage(undefined), undefined);
  assert.deepEqual(await channel.postMessage({ type: 'x'.repeat(2000) }), { got: '#2011' });
  await assert.rejects(channel.postMessage({ f() {} }), TypeError);
  await assert.rejects(channel.postMessage({ type: 'x', n: BigInt(1) }), TypeError);
  assert.deepEqual(posted, [':{"type":"track","ename":"x"}', '', '#2011'], 'the relay is the top frame\'s alone; what cannot be sent is not posted');
  assert.deepEqual(await new TodayBridge({ window }).request('ping'), { got: ':{"type":"ping"}' });
});

test('C4 C5 a sub-frame\'s call rejects with the host\'s reason, and with the parse error of an answer that is not JSON', async () => {
  const { channel } = frame((text) => {
    if (text.includes('reject')) throw new Error('TodayBridgeError:{"code":"failed","message":"no","recoverable":false}');
    return 'not JSON';
  });
  await assert.rejects(channel.postMessage({ type: 'reject' }), /TodayBridgeError:/);
  await assert.rejects(channel.postMessage({ type: 'other' }), SyntaxError);
});

test('C5 a sub-frame\'s channel keeps the postMessage of WebKit\'s handler taken at document start', async () => {
  const { webKitsOwn, channel, posted } = frame(() => '1');
  webKitsOwn.postMessage = () => {
    throw new Error('the page\'s replacement ran');
  };
  assert.equal(await channel.postMessage({ type: 'x' }), 1);
  assert.equal(posted.length, 1);
});

test('C1 neither script does anything where WebKit defines no message handlers', () => {
  runHostScript('webkit/channel.js', topWindow(), channelConfiguration);
  runHostScript('webkit/channel.js', subFrame(topWindow()), channelConfiguration);
  runHostScript('webkit/channel.js', subFrame(topWindow(), { webkit: { messageHandlers: {} } }), channelConfiguration);
  runHostScript('webkit/relay.js', topWindow({ webkit: { messageHandlers: {} } }), relayConfiguration);
});
