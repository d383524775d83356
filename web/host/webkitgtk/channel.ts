import type { WebKitGTKChannelConfiguration } from '../configurations.generated.js';
import { LENGTH } from '../relay/relay-events.js';
import type { WebKitWindow } from '../relay/relay-events.js';
import { defineChannel, messageText, relayChannel } from '../relay/relay-channel.js';
import type { Channel } from '../relay/relay-channel.js';
import { ErrorIntrinsic, PromiseIntrinsic, freeze, isArray, rejected } from '../intrinsics.js';
import { reviveBytes } from '../bytes/read-bytes.js';
import { announcesBytes } from '../bytes/write-bytes.js';

/**
 * How the web process extension's entry answers, once: `(value)`, `(value, undefined,
 * attachments)` for an answer whose text names bytes by index (`{"__today.bytes": n}`, B2), or
 * `(undefined, reason)`. The value is the answer's JSON as the extension parsed it.
 */
type Settle = (value: unknown, reason?: string | null, attachments?: readonly Uint8Array[]) => void;

/**
 * The web process extension's entry: the message's text, the callback, and, for a message that
 * holds bytes, the bytes its text names by index (`{"__today.bytes": n}`), copies of the page's,
 * only when there are some (B2).
 */
type Entry = (text: string, settle: Settle, attachments?: Uint8Array[]) => void;

/**
 * The channel on WebKitGTK (C1, C8), in the page world: defines
 * `window.webkit.messageHandlers[channelName]` as a frozen `{ postMessage(message): Promise }`,
 * over whichever way the host has.
 *
 * - **The web process extension** (every frame): where the extension defined its native entry on
 *   `window` (`entryName`, before any page script), each message's text goes to the entry, which
 *   sends it to the host with the engine's facts about this frame, and the host's answer comes
 *   back through the entry's callback.
 * - **The relay** (top frame only), where the extension did not load: WebKitGTK's message
 *   signal does not say which frame sent a message, so the channel hands the numbered message's
 *   text to the relay (`relay.ts`, an isolated world of the same frame) through a synchronous DOM
 *   event on `window`, and settles the promise when the relay's reply with that number comes
 *   back. Sub-frames keep WebKit's own channel, which the host treats as an unidentified frame.
 *
 * Either way a message crosses as its JSON text (`messageText`): one string crosses worlds and
 * processes more cheaply than an object, and the host reads JSON anyway. Bytes (B2) cross beside
 * the text through the extension (`{"__today.bytes": index}` in it, and answers alike), as base64
 * in it through the relay. A message larger than the host's limit is not carried, only its size
 * (X7, B4); one that cannot be cloned is refused at once with a `TypeError` (W5). Nothing is
 * defined where WebKit defines no message handlers.
 *
 * What a call uses is taken at document start (`intrinsics.ts`): a page that later replaces
 * `JSON`, `Promise` or `EventTarget.prototype` members does not change how its calls settle.
 */
export default function webKitGTKChannel(window: WebKitWindow, configuration: WebKitGTKChannelConfiguration): void {
  const handlers = window.webkit?.messageHandlers;
  if (!handlers) return;
  const entry = window[configuration.entryName];
  const channel = typeof entry === 'function' ? extensionChannel(entry as Entry, configuration)
    : window === window.top ? relayChannel(window, configuration.maxMessageBytes)
    : undefined;
  if (channel) defineChannel(window, handlers, configuration.channelName, channel);
}

/** The channel over the web process extension's entry, bytes beside the text (B2). */
function extensionChannel(entry: Entry, configuration: WebKitGTKChannelConfiguration): Channel {
  return freeze({
    postMessage(message: unknown, hint?: unknown): Promise<unknown> {
      let text: string;
      let attachments: Uint8Array[] | undefined;
      try {
        const written = messageText(message, configuration.maxMessageBytes, announcesBytes(hint) ? 'attachments' : undefined);
        text = written.mark === LENGTH ? written.mark + written.body : written.body;  // JSON text never starts with the mark
        attachments = written.attachments;
      } catch (error) {
        return rejected(error);
      }
      return new PromiseIntrinsic((resolve, reject) => {
        const settle: Settle = (value, reason, answerAttachments) => {
          if (reason !== undefined && reason !== null) return reject(new ErrorIntrinsic(reason));
          if (!isArray(answerAttachments)) return resolve(value);
          try {
            resolve(reviveBytes(value, answerAttachments));
          } catch (error) {
            reject(error);
          }
        };
        if (attachments === undefined) entry(text, settle);
        else entry(text, settle, attachments);
      });
    },
  });
}
