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

/** A delivery's configuration as the host writes it (`PageEventConfiguration`): the event as one JSON text. */
const delivery = (name: string, detail: unknown) => ({ event: JSON.stringify({ name, detail }) });

test('X3 X4 A1 page-event dispatches the configured CustomEvent with its detail, through the receiver and without it', () => {
  for (const withReceiver of [true, false]) {
    const window = topWindow();
    if (withReceiver) runHostScript('platform-tag.js', window, { platform: 'ios' });
    const seen: unknown[] = [];
    window.addEventListener(NATIVE_EVENT, (event) => seen.push((event as CustomEvent).detail));
    window.addEventListener(STRING_REPLY_EVENT, (event) => seen.push((event as CustomEvent).detail));
    runHostScript('page-event.js', window, delivery(NATIVE_EVENT, { kind: 'event', name: 'host.ready', data: { n: 1 } }));
    runHostScript('page-event.js', window, delivery(STRING_REPLY_EVENT, '{"id":1,"value":2}'));
    assert.deepEqual(seen, [{ kind: 'event', name: 'host.ready', data: { n: 1 } }, '{"id":1,"value":2}']);
  }
});

test('X4 page-event delivers a native call to the web SDK, which answers it', async () => {
  const sent: any[] = [];
  const channel = { postMessage: async (message: unknown) => void sent.push(message) };
  const window = topWindow({ webkit: { messageHandlers: { todayWebViewBridge: channel } } });
  runHostScript('platform-tag.js', window, { platform: 'ios' });
  new TodayBridge({ window }).handle('double', (n) => (n as number) * 2);
  runHostScript('page-event.js', window, delivery(NATIVE_EVENT, { kind: 'call', id: 'c1', name: 'double', args: 21 }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(sent, [{ type: '__today.reply', id: 'c1', value: 42 }]);
});

test('X3 X4 the receiver builds the delivery itself: setters a page put on Object.prototype and Array.prototype never run, and a __proto__ key stays an own key', () => {
  const window = topWindow();
  runHostScript('platform-tag.js', window, { platform: 'ios' });
  // The setters log to a string: an array's push would run the index setter itself.
  let intercepted = '';
  const trap = (name: string) => ({ configurable: true, set(this: object, value: unknown) { intercepted += `${name} `; Object.defineProperty(this, name, { value, configurable: true, enumerable: true, writable: true }); } });
  let seen: any;
  let count = 0;
  window.addEventListener(NATIVE_EVENT, (event) => void ((seen = (event as CustomEvent).detail), (count += 1)));
  const text = JSON.stringify({ name: NATIVE_EVENT, detail: { kind: 'event', name: 'cart', data: { items: ['a'], owner: 'o' } } })
    .replace('"owner"', '"__proto__":{"polluted":true},"owner"');
  for (const name of ['name', 'detail', 'kind', 'data', 'items', 'owner']) Object.defineProperty(Object.prototype, name, trap(name));
  Object.defineProperty(Array.prototype, '0', trap('0'));
  try {
    window.__todayWebViewDeliver(text);
    window.__todayWebViewDeliver('not JSON');
    window.__todayWebViewDeliver(JSON.stringify({ detail: 1 }));
    window.__todayWebViewDeliver({ name: NATIVE_EVENT, detail: 1 });
  } finally {
    for (const name of ['name', 'detail', 'kind', 'data', 'items', 'owner']) delete (Object.prototype as any)[name];
    delete (Array.prototype as any)[0];
  }
  assert.equal(intercepted, '');
  assert.equal(count, 1, 'what is not one event\'s JSON text is ignored');
  const data = seen.data;
  assert.deepEqual([Object.getPrototypeOf(data) === Object.prototype, Object.getOwnPropertyNames(data)], [true, ['items', '__proto__', 'owner']]);
  assert.equal(({} as any).polluted, undefined);
  assert.deepEqual([data.items[0], data.owner], ['a', 'o']);
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
