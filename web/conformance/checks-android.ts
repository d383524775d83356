import { STRING_REPLY_EVENT } from '../src/protocol.js';
import { channelOf, expect, expectJSON, nested, resolved } from './check.js';
import type { Check } from './check.js';

/** A reply as the host delivers it in the main frame, forged by the page. */
function forgeReply(body: unknown): void {
  window.dispatchEvent(new CustomEvent(STRING_REPLY_EVENT, { detail: JSON.stringify(body) }));
}

/** The Android transport: A1 and A2, on the `android` platform only. */
export const androidChecks: Check[] = [
  {
    rule: 'A1',
    title: 'the shim presents the channel at window.todayWebViewBridge and settles each call once, ignoring forged replies',
    platforms: ['android'],
    async run(context) {
      const channel = channelOf(context);
      const shim = (window as unknown as { todayWebViewBridge?: unknown }).todayWebViewBridge;
      expect(shim === channel, 'the channel is not window.todayWebViewBridge');
      let settlements = 0;
      const answer = channel.postMessage({ type: 'conformance.echo', real: true }).then((value) => {
        settlements += 1;
        return value;
      });
      forgeReply({ id: -1, value: 'forged' });
      forgeReply('not a reply');
      expectJSON(await resolved(answer, 'echo'), { real: true }, 'the answer among forged replies');
      for (let id = 0; id < 64; id++) forgeReply({ id, value: 'forged repeat' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(settlements === 1, `the call settled ${settlements} times`);
    },
  },
  {
    rule: 'A2',
    title: 'a request the host refuses is still answered, undefined, by its id',
    platforms: ['android'],
    async run(context) {
      expectJSON(await resolved(channelOf(context).postMessage({ type: 'conformance.echo', deep: nested(100) }), 'a deep request'), undefined, 'a request 100 levels deep');
    },
  },
];
