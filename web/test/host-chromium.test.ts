import assert from 'node:assert/strict';
import test from 'node:test';
import { TodayBridge } from '../src/bridge.js';
import { tick } from './helpers.js';
import { runHostScript, subFrame, topWindow } from './host-helpers.js';
import type { FakeWindow } from './host-helpers.js';

const objectName = 'todayWebViewBridgeNative';
const webView = {
  listeners: [{ objectName, bindingName: 'cdpBinding' }],
  deliveryName: '__todayDeliver',
  closeBindingName: 'cdpClose',
};

/**
 * A frame as Chromium makes it before the emulation runs: the DevTools bindings on `window`
 * (recording what they get) and the engine's own `close`.
 */
function chromiumFrame(top?: FakeWindow) {
  const sent: string[] = [];
  const closeNotices: string[] = [];
  let closed = 0;
  const bindings = {
    cdpBinding: (text: string) => void sent.push(text),
    cdpClose: (text: string) => void closeNotices.push(text),
    close: () => void (closed += 1),
  };
  const window = top ? subFrame(top, bindings) : topWindow(bindings);
  runHostScript('chromium/web-message-listener.js', window, webView);
  return { window, sent, closeNotices, closed: () => closed, object: window[objectName] };
}

function reply(window: FakeWindow, message: string, name = objectName) {
  runHostScript('chromium/web-message-reply.js', window, { deliveryName: webView.deliveryName, objectName: name, message });
}

test('A1 the DevTools bindings are taken off window: the page cannot see or reach them', () => {
  for (const { window } of [chromiumFrame(), chromiumFrame(topWindow())]) {
    assert.equal('cdpBinding' in window, false);
    assert.equal('cdpClose' in window, false);
  }
});

test("A1 the injected object has exactly Android's members: postMessage, addEventListener, removeEventListener, onmessage", () => {
  const { window, object } = chromiumFrame();
  assert.deepEqual(Object.getOwnPropertyNames(object).sort(), ['addEventListener', 'onmessage', 'postMessage', 'removeEventListener']);
  assert.equal('dispatchEvent' in object, false);
  assert.equal(object.onmessage, null);
  // Android installs it as a plain data property of window.
  const descriptor = Object.getOwnPropertyDescriptor(window, objectName)!;
  assert.deepEqual([descriptor.writable, descriptor.configurable, descriptor.enumerable], [true, true, true]);
});

test('A1 postMessage sends strings through the binding and throws a TypeError for anything else', () => {
  const { sent, object } = chromiumFrame();
  object.postMessage('{"id":1}');
  for (const value of [undefined, 1, { id: 1 }, ['x'], null]) assert.throws(() => object.postMessage(value), TypeError);
  assert.throws(() => object.postMessage(), TypeError);
  assert.deepEqual(sent, ['{"id":1}']);
});

test("A1 a reply reaches the object's onmessage, then its message listeners, as a MessageEvent with the object as this", () => {
  const { window, object } = chromiumFrame();
  const seen: string[] = [];
  object.onmessage = function (this: unknown, event: MessageEvent) {
    assert.equal(this, object);
    assert.ok(event instanceof MessageEvent);
    seen.push(`onmessage:${event.data}`);
  };
  const listener = function (this: unknown, event: MessageEvent) {
    assert.equal(this, object);
    seen.push(`listener:${event.data}`);
  };
  object.addEventListener('message', listener);
  object.addEventListener('message', listener);
  object.addEventListener('other', () => seen.push('other'));
  object.addEventListener('message', 'not a function');
  reply(window, 'one');
  object.removeEventListener('message', listener);
  object.onmessage = 'not a function';
  assert.equal(object.onmessage, null);
  reply(window, 'two');
  reply(window, 'to nobody', 'unknownObject');
  assert.deepEqual(seen, ['onmessage:one', 'listener:one']);
});

test('A1 a listener that throws is reported and does not keep the message from the others', () => {
  const { window, object } = chromiumFrame();
  const seen: unknown[] = [];
  const reported: unknown[] = [];
  const original = console.error;
  console.error = (error: unknown) => reported.push(error);
  try {
    object.addEventListener('message', () => {
      throw new Error('page bug');
    });
    object.addEventListener('message', (event: MessageEvent) => seen.push(event.data));
    reply(window, 'still delivered');
  } finally {
    console.error = original;
  }
  assert.deepEqual(seen, ['still delivered']);
  assert.equal(reported.length, 1);
});

test('A1 the delivery global is hidden: not enumerable, not writable, not configurable', () => {
  const { window } = chromiumFrame();
  assert.equal(Object.keys(window).includes(webView.deliveryName), false);
  const descriptor = Object.getOwnPropertyDescriptor(window, webView.deliveryName)!;
  assert.deepEqual([descriptor.writable, descriptor.configurable, descriptor.enumerable], [false, false, false]);
  assert.equal(typeof descriptor.value, 'function');
});

test('A1 web-message-reply does nothing where the delivery global is missing', () => {
  runHostScript('chromium/web-message-reply.js', topWindow(), { deliveryName: webView.deliveryName, objectName, message: 'x' });
});

test("A1 window.close() in the top frame tells the host ('') and then closes; sub-frames keep their close", () => {
  const top = chromiumFrame();
  top.window.close();
  assert.deepEqual(top.closeNotices, ['']);
  assert.equal(top.closed(), 1);
  const frame = chromiumFrame(top.window);
  frame.window.close();
  assert.deepEqual(frame.closeNotices, []);
  assert.equal(frame.closed(), 1);
});

/**
 * A frame of the Chromium host in miniature: the emulation and the Android shim at document start,
 * and a host that answers each request in the context of the frame that sent it
 * (web-message-reply.js), as `JavaScriptReplyProxy.postMessage` would on Android.
 */
function answeringFrame(top?: FakeWindow) {
  const requests: any[] = [];
  const window = top ? subFrame(top) : topWindow();
  window.cdpBinding = (text: string) => {
    const request = JSON.parse(text);
    requests.push(request);
    const value = { frameIsTop: window === window.top, echoed: request.message };
    setTimeout(() => reply(window, JSON.stringify({ id: request.id, value })));
  };
  window.close = () => undefined;
  runHostScript('chromium/web-message-listener.js', window, webView);
  runHostScript('android-shim.js', window, { bindingName: objectName, channelName: 'todayWebViewBridge' });
  return { window, requests };
}

test('A1 C5 the Android shim over the emulated object settles calls end to end, in the top frame and in a sub-frame', async () => {
  const top = answeringFrame();
  const frame = answeringFrame(top.window);
  const [fromTop, fromFrame] = await Promise.all([
    top.window.todayWebViewBridge.postMessage({ type: 'echo', n: 1 }),
    frame.window.todayWebViewBridge.postMessage({ type: 'echo', n: 2 }),
  ]);
  assert.deepEqual(fromTop, { frameIsTop: true, echoed: { type: 'echo', n: 1 } });
  assert.deepEqual(fromFrame, { frameIsTop: false, echoed: { type: 'echo', n: 2 } });
  assert.equal(typeof frame.requests[0].id, 'number');
  assert.deepEqual(await new TodayBridge({ window: frame.window }).request('echo', { n: 3 }), { frameIsTop: false, echoed: { type: 'echo', n: 3 } });
  await tick();
});
