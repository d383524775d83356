import assert from 'node:assert/strict';
import test from 'node:test';
import { NATIVE_EVENT, STRING_REPLY_EVENT } from '../src/protocol.generated.js';
import { TodayBridge } from '../src/bridge.js';
import { runHostScript, subFrame, topWindow } from './host-helpers.js';

test('C7 the platform tag is defined in the top frame: frozen, not writable, not configurable, not enumerable', () => {
  const window = topWindow();
  runHostScript('platform-tag.js', window, { platform: 'android' });
  assert.deepEqual({ ...window.__todayWebView }, { platform: 'android' });
  assert.ok(Object.isFrozen(window.__todayWebView));
  const descriptor = Object.getOwnPropertyDescriptor(window, '__todayWebView')!;
  assert.deepEqual([descriptor.writable, descriptor.configurable, descriptor.enumerable], [false, false, false]);
  assert.throws(() => {
    'use strict';
    window.__todayWebView = { platform: 'ios' };
  }, TypeError);
  assert.equal(new TodayBridge({ window }).platform, 'android');
});

test('C7 a sub-frame gets no platform tag', () => {
  const top = topWindow();
  const frame = subFrame(top);
  runHostScript('platform-tag.js', frame, { platform: 'linux' });
  assert.equal('__todayWebView' in frame, false);
  assert.equal(new TodayBridge({ window: frame }).platform, 'web');
});

test('X3 X4 A1 page-event dispatches the configured CustomEvent with its detail', () => {
  const window = topWindow();
  const seen: unknown[] = [];
  window.addEventListener(NATIVE_EVENT, (event) => seen.push((event as CustomEvent).detail));
  window.addEventListener(STRING_REPLY_EVENT, (event) => seen.push((event as CustomEvent).detail));
  runHostScript('page-event.js', window, { name: NATIVE_EVENT, detail: { kind: 'event', name: 'host.ready', data: { n: 1 } } });
  runHostScript('page-event.js', window, { name: STRING_REPLY_EVENT, detail: '{"id":1,"value":2}' });
  assert.deepEqual(seen, [{ kind: 'event', name: 'host.ready', data: { n: 1 } }, '{"id":1,"value":2}']);
});

test('X4 page-event delivers a native call to the web SDK, which answers it', async () => {
  const sent: any[] = [];
  const channel = { postMessage: async (message: unknown) => void sent.push(message) };
  const window = topWindow({ webkit: { messageHandlers: { todayWebViewBridge: channel } } });
  new TodayBridge({ window }).handle('double', (n) => (n as number) * 2);
  runHostScript('page-event.js', window, { name: NATIVE_EVENT, detail: { kind: 'call', id: 'c1', name: 'double', args: 21 } });
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(sent, [{ type: '__today.reply', id: 'c1', value: 42 }]);
});

/** A window whose isolated world has the marker's handler, which records its posts. */
function markerWindow() {
  const posts: unknown[] = [];
  const window = topWindow({ webkit: { messageHandlers: { todayWebViewBridgeDocument: { postMessage: (message: unknown) => posts.push(message) } } } });
  runHostScript('document-marker.js', window, { handlerName: 'todayWebViewBridgeDocument' });
  return { window, posts };
}

const pageshow = (persisted: boolean) => Object.assign(new Event('pageshow'), { persisted });

test('S4 the document marker posts once at document start', () => {
  const { posts } = markerWindow();
  assert.deepEqual(posts, [null]);
});

test('S4 the document marker posts again on a pageshow from the back-forward cache only, as a restore', () => {
  const { window, posts } = markerWindow();
  window.dispatchEvent(pageshow(false));
  assert.equal(posts.length, 1);
  window.dispatchEvent(pageshow(true));
  assert.deepEqual(posts, [null, 'restored']);
  window.dispatchEvent(new Event('pageshow'));
  assert.equal(posts.length, 2);
});

test('S4 without its handler the document marker does nothing', () => {
  runHostScript('document-marker.js', topWindow(), { handlerName: 'todayWebViewBridgeDocument' });
  runHostScript('document-marker.js', topWindow({ webkit: {} }), { handlerName: 'todayWebViewBridgeDocument' });
  runHostScript('document-marker.js', topWindow({ webkit: { messageHandlers: {} } }), { handlerName: 'todayWebViewBridgeDocument' });
});
