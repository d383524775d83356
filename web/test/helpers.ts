import type { BridgeWindow, Channel } from '../src/channel.js';

/** A fresh fake window: an EventTarget the SDK can listen on. */
export function fakeWindow(extra: Record<string, unknown> = {}): BridgeWindow {
  return Object.assign(new EventTarget(), extra) as BridgeWindow;
}

/** A channel whose answers the test controls, recording what was sent. */
export function scriptedChannel(answer: (message: any) => unknown = () => undefined) {
  const sent: any[] = [];
  const channel: Channel = {
    postMessage(message) {
      sent.push(message);
      try {
        return Promise.resolve(answer(message));
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
  return { channel, sent };
}

/** A window with a WebKit-style channel. */
export function webkitWindow(channel: Channel, platform = 'ios'): BridgeWindow {
  return fakeWindow({ webkit: { messageHandlers: { todayWebViewBridge: channel } }, __todayWebView: { platform } });
}

/** Lets queued promise callbacks and timers run. */
export const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
