import assert from 'node:assert/strict';
import test from 'node:test';
import { RELAY_REQUEST_EVENT, TEXT, relayText } from '../src/host/relay/relay-events.js';
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

test('C8 S1 sub-frames keep WebKit\'s own channel: neither script does anything there', () => {
  const posted: unknown[] = [];
  const webKitsOwn = { postMessage: () => undefined };
  const frame: FakeWindow = subFrame(topWindow(), {
    location: { href: 'https://other.test/' },
    webkit: { messageHandlers: { [handlerName]: { postMessage: (text: unknown) => posted.push(text) }, [channelName]: webKitsOwn } },
  });
  runHostScript('webkit/relay.js', frame, relayConfiguration);
  runHostScript('webkit/channel.js', frame, channelConfiguration);
  assert.equal(frame.webkit.messageHandlers[channelName], webKitsOwn);
  frame.dispatchEvent(new CustomEvent(RELAY_REQUEST_EVENT, { detail: relayText(1, TEXT, '{}') }));
  assert.equal(posted.length, 0);
  runHostScript('webkit/channel.js', topWindow(), channelConfiguration);
  runHostScript('webkit/relay.js', topWindow({ webkit: { messageHandlers: {} } }), relayConfiguration);
});
