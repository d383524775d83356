import assert from 'node:assert/strict';
import test from 'node:test';
import { TodayBridge } from '../src/bridge.js';
import { tick } from './helpers.js';
import { pollutingPrototypes, runHostScript, subFrame, topWindow } from './host-helpers.js';
import type { FakeWindow } from './host-helpers.js';

const objectName = 'todayWebViewBridgeNative';
const webView = {
  objectNames: [objectName],
  javascriptInterfaces: [{ name: 'javaObject', methods: ['postMessage'] }],
  postBindingName: 'cdpPost',
  deliveryName: '__todayDeliver',
  closeBindingName: 'cdpClose',
  backForwardCache: true,
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
    cdpPost: (text: string) => void sent.push(text),
    cdpClose: (text: string) => void closeNotices.push(text),
    close: () => void (closed += 1),
  };
  const window = top ? subFrame(top, bindings) : topWindow(bindings);
  runHostScript('chromium/web-message-listener.js', window, webView);
  return { window, sent, closeNotices, closed: () => closed, object: window[objectName] };
}

function reply(window: FakeWindow, message: string, name = objectName) {
  runHostScript('chromium/web-message-reply.js', window, { deliveryName: webView.deliveryName, objectName: name, kind: 's', payload: message });
}

test('A1 the DevTools bindings are taken off window: the page cannot see or reach them', () => {
  for (const { window } of [chromiumFrame(), chromiumFrame(topWindow())]) {
    assert.equal('cdpPost' in window, false);
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

test('A1 postMessage sends strings and ArrayBuffers through the binding, named by object, and throws a TypeError for anything else', () => {
  const { sent, object } = chromiumFrame();
  object.postMessage('{"id":1}');
  object.postMessage(new Uint8Array([0, 255, 7]).buffer);
  object.postMessage('with no ports', []);
  for (const value of [undefined, 1, { id: 1 }, ['x'], null, new Uint8Array(2)]) assert.throws(() => object.postMessage(value), TypeError);
  assert.throws(() => object.postMessage(), TypeError);
  assert.throws(() => object.postMessage('with a port', [{}]), TypeError);
  assert.deepEqual(sent, [`s${objectName.length}:${objectName}{"id":1}`, `b${objectName.length}:${objectName}AP8H`, `s${objectName.length}:${objectName}with no ports`]);
});

test("A1 an addJavascriptInterface object's methods send their name and string arguments, and return undefined", () => {
  const { window, sent } = chromiumFrame();
  assert.deepEqual(Object.keys(window.javaObject), ['postMessage']);
  assert.equal(window.javaObject.postMessage('{"id":1}', 2, undefined), undefined);
  assert.deepEqual(sent, ['j10:javaObject["postMessage","{\\"id\\":1}","2",null]']);
});

test("A1 an addJavascriptInterface call's text is the same whatever the page puts on Object.prototype and Array.prototype (Android converts natively)", () => {
  const { window, sent } = chromiumFrame();
  const polluted = pollutingPrototypes();
  try {
    window.javaObject.postMessage('{"id":1}', undefined);
  } finally {
    polluted.restore();
  }
  assert.deepEqual(sent, ['j10:javaObject["postMessage","{\\"id\\":1}",null]']);
});

test('A1 an ArrayBuffer reply reaches the object as an ArrayBuffer', () => {
  const { window, object } = chromiumFrame();
  const seen: unknown[] = [];
  object.onmessage = (event: { data: unknown }) => seen.push(event.data);
  runHostScript('chromium/web-message-reply.js', window, { deliveryName: webView.deliveryName, objectName, kind: 'b', payload: 'AP8H' });
  assert.ok(seen[0] instanceof ArrayBuffer);
  assert.deepEqual([...new Uint8Array(seen[0] as ArrayBuffer)], [0, 255, 7]);
});

test("A1 a reply reaches the object's onmessage, then its message listeners, as Chromium's plain { data } object with the object as this", () => {
  const { window, object } = chromiumFrame();
  const seen: string[] = [];
  object.onmessage = function (this: unknown, event: { data: string }) {
    assert.equal(this, object);
    assert.deepEqual(Object.keys(event), ['data']);
    seen.push(`onmessage:${event.data}`);
  };
  const listener = function (this: unknown, event: { data: string }) {
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
    object.addEventListener('message', (event: { data: string }) => seen.push(event.data));
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
  runHostScript('chromium/web-message-reply.js', topWindow(), { deliveryName: webView.deliveryName, objectName, kind: 's', payload: 'x' });
});

test("S4 without the back-forward cache, WebView's default, the top frame gets an unload listener (Chromium then keeps the page out of its cache); sub-frames and a web view with the cache get none", () => {
  const listened = (window: FakeWindow, backForwardCache: boolean) => {
    const types: string[] = [];
    const addEventListener = window.addEventListener.bind(window);
    window.addEventListener = (type: string, listener: EventListener) => {
      types.push(type);
      addEventListener(type, listener);
    };
    runHostScript('chromium/web-message-listener.js', window, { ...webView, backForwardCache });
    return types;
  };
  assert.deepEqual(listened(topWindow(), false), ['unload']);
  assert.deepEqual(listened(subFrame(topWindow()), false), []);
  assert.deepEqual(listened(topWindow(), true), []);
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
  window.cdpPost = (text: string) => {
    const request = JSON.parse(text.slice(`s${objectName.length}:${objectName}`.length));
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
