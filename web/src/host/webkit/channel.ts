import type { WebKitChannelConfiguration } from '../configurations.generated.js';
import type { WebKitWindow } from '../relay/relay-events.js';
import { defineChannel, relayChannel } from '../relay/relay-channel.js';

/**
 * The main frame's channel in WKWebView (C1, C8, S4), in the page world of the top frame, at
 * document start: defines `window.webkit.messageHandlers[channelName]` as a frozen
 * `{ postMessage(message): Promise }`, in place of WebKit's own handler of that name, that hands
 * each message's JSON text to the relay (`relay.ts`, the bridge's content world of the same
 * frame) through a synchronous DOM event on `window`, and settles the promise with the relay's
 * reply (JSON text, parsed here with the `JSON` taken at document start).
 *
 * WebKit reports each message's frame (`WKFrameInfo`) as that frame is now, not as the realm that
 * sent it: a page's channel object kept after its document left (by a popup) would be answered
 * as the document the frame shows now. Through the relay, a message carries its document's token,
 * which the page cannot reach; so the host answers the document the token names and no other.
 * Sub-frames keep WebKit's own channel, identified by WebKit. A message longer than the host's
 * limit is not carried, only its length (X7); one that cannot be cloned is refused at once with
 * a `TypeError` (W5). Nothing is defined where WebKit defines no message handlers.
 */
export default function webKitChannel(window: WebKitWindow, configuration: WebKitChannelConfiguration): void {
  const handlers = window.webkit?.messageHandlers;
  if (!handlers || window !== window.top) return;
  defineChannel(window, handlers, configuration.channelName, relayChannel(window, configuration.maxMessageBytes));
}
