import { messageText, settleWithText } from '../relay/relay-channel.js';
import type { Channel } from '../relay/relay-channel.js';
import { announcesBytes } from '../bytes/write-bytes.js';
import { PromiseIntrinsic, freeze, reflectApply, rejected, then } from '../intrinsics.js';

/** WebKit's own handler of the channel's name in a sub-frame's page world. */
export type WebKitHandler = { postMessage(body: unknown): unknown };

/**
 * A sub-frame's channel over WebKit's own handler (C1, C5, W5): posts each message as one string,
 * its mark and body as the relay writes them (`messageText`: `:` and JSON text, `#` and the length
 * of a text longer than `maxMessageBytes`, or nothing for `undefined`; bytes in it as base64, B2),
 * and settles the call with the host's answer, JSON text parsed with the `JSON` taken at document
 * start.
 *
 * WebKit converts only a string then, which it carries whatever the SDK the app was linked with:
 * with the iOS 26 SDK it drops a body deeper than 40,000 levels, or one whose array element throws
 * when read, and that call's promise never settles (`JavaScriptEvaluationResult::extract`,
 * `WebUserContentController.cpp`); before it, what structured cloning refuses rejects. Here what
 * cannot be sent is refused at once with a `TypeError` (W5), and every call the host receives
 * settles. The answer is built by the page's parse, not by WebKit's ordinary assignments in the
 * page's world (`JavaScriptEvaluationResult::toJS`), where setters on `Object.prototype` run.
 * Frozen; `postMessage` of WebKit's handler is taken now, before any page script can replace it.
 */
export function frameChannel(handler: WebKitHandler, maxMessageBytes: number): Channel {
  const post = handler.postMessage;
  return freeze({
    postMessage(message: unknown, hint?: unknown): Promise<unknown> {
      let text: string;
      try {
        const { mark, body } = messageText(message, maxMessageBytes, announcesBytes(hint) ? 'base64' : undefined);
        text = mark + body;
      } catch (error) {
        return rejected(error);
      }
      return new PromiseIntrinsic((resolve, reject) => {
        const call = { resolve, reject };
        then(reflectApply(post, handler, [text]) as Promise<unknown>,
          (answer) => (typeof answer === 'string' ? settleWithText(call, answer) : resolve(undefined)),
          reject);
      });
    },
  });
}
