import type { WebKitChannelConfiguration } from '../configurations.generated.js';
import type { WebKitWindow } from '../relay/relay-events.js';
import { defineChannel, relayChannel } from '../relay/relay-channel.js';
import { frameChannel } from './frame-channel.js';
import type { WebKitHandler } from './frame-channel.js';

/**
 * WKWebView's channel (C1, C5, C8, S4), in the page world of every frame, at document start:
 * defines `window.webkit.messageHandlers[channelName]` as a frozen `{ postMessage(message): Promise }`
 * in place of WebKit's own handler of that name, so that only strings cross WebKit.
 *
 * In the top frame, it hands each message's JSON text to the relay (`relay.ts`, the bridge's
 * content world of the same frame) through a synchronous DOM event on `window`, and settles the
 * promise with the relay's reply (JSON text, parsed here with the `JSON` taken at document start).
 * WebKit reports each message's frame (`WKFrameInfo`) as that frame is now, not as the realm that
 * sent it: a page's channel object kept after its document left (by a popup) would be answered
 * as the document the frame shows now. Through the relay, a message carries its document's token,
 * which the page cannot reach; so the host answers the document the token names and no other.
 *
 * In a sub-frame, it posts each message's text to WebKit's own handler, which WebKit identifies
 * (`frame-channel.ts`). A message longer than the host's limit is not carried, only its length
 * (X7); one that cannot be cloned is refused at once with a `TypeError` (W5). Nothing is defined
 * where WebKit defines no message handlers.
 */
export default function webKitChannel(window: WebKitWindow, configuration: WebKitChannelConfiguration): void {
  const handlers = window.webkit?.messageHandlers;
  if (!handlers) return;
  const { channelName, maxMessageBytes } = configuration;
  if (window === window.top) return defineChannel(window, handlers, channelName, relayChannel(window, maxMessageBytes));
  const own = handlers[channelName] as WebKitHandler | undefined;
  if (own) defineChannel(window, handlers, channelName, frameChannel(own, maxMessageBytes));
}
