import { channelOf, describe, expect, expectJSON, rejected, resolved } from './check.js';
import type { Check, ConformanceContext } from './check.js';
import { CONFORMANCE_DECLINED_CODE } from './fixture.generated.js';

const hostPlatforms = ['ios', 'macos', 'android', 'linux'];

/** The frames whose channel answered, failing when no sub-frame could be probed. */
export function probedFrames(context: ConformanceContext) {
  const probed = context.frames.filter((frame) => frame.hasChannel);
  expect(probed.length > 0, `no sub-frame had a channel to probe (frames: ${context.frames.map((frame) => frame.kind).join(', ') || 'none'})`);
  return probed;
}

/** Channel and envelope: C1–C8. */
export const channelChecks: Check[] = [
  {
    rule: 'C1',
    title: 'the channel is one object whose postMessage returns a promise',
    async run(context) {
      const channel = channelOf(context);
      const answer = channel.postMessage({ type: 'conformance.echo' });
      expect(typeof (answer as { then?: unknown })?.then === 'function', 'postMessage did not return a promise');
      await resolved(answer, 'conformance.echo');
    },
  },
  {
    rule: 'C2',
    title: "a capability's fields sit beside type; fields it does not declare are ignored",
    async run(context) {
      const channel = channelOf(context);
      expectJSON(await resolved(channel.postMessage({ type: 'conformance.echo', a: 1, b: 'two' }), 'echo'), { a: 1, b: 'two' }, 'echo');
      expectJSON(await resolved(channel.postMessage({ type: 'conformance.count', count: 3, extra: true }), 'count'), { count: 3 }, 'count with an extra field');
    },
  },
  {
    rule: 'C3',
    title: 'whatever the host cannot dispatch resolves undefined, never rejects',
    async run(context) {
      const channel = channelOf(context);
      const undispatchable: Record<string, unknown> = {
        'an unknown type': { type: 'conformance.no-such-capability' },
        'an unknown bridge type': { type: '__today.no-such-message' },
        'no type': { ename: 'x' },
        'a numeric type': { type: 42 },
        'a string': 'just a string',
        'a number': 7,
        'null': null,
        'an array': [{ type: 'track' }],
      };
      for (const [what, message] of Object.entries(undispatchable)) {
        expectJSON(await resolved(channel.postMessage(message), what), undefined, what);
      }
    },
  },
  {
    rule: 'C4',
    title: 'a result is the value itself; a rejection is "TodayBridgeError:" and { code, message, recoverable }',
    async run(context) {
      const channel = channelOf(context);
      expectJSON(await resolved(channel.postMessage({ type: 'conformance.echo', n: [1, 2] }), 'echo'), { n: [1, 2] }, 'echo');
      expectJSON(await resolved(channel.postMessage({ type: 'conformance.nothing' }), 'nothing'), undefined, 'a capability with no result');
      const reason = String((await rejected(channel.postMessage({ type: 'conformance.reject' }), 'reject') as Error)?.message);
      expect(reason.startsWith('TodayBridgeError:'), `the reason does not start with TodayBridgeError: ${reason}`);
      const body = JSON.parse(reason.slice('TodayBridgeError:'.length)) as Record<string, unknown>;
      expectJSON(body, { code: CONFORMANCE_DECLINED_CODE, message: 'declined on purpose', recoverable: true }, 'the structured reason');
    },
  },
  {
    rule: 'C5',
    title: 'every call settles: a handler that throws rejects, one past its deadline rejects timeout',
    async run(context) {
      const channel = channelOf(context);
      const thrown = String((await rejected(channel.postMessage({ type: 'conformance.throw' }), 'throw') as Error)?.message);
      expect(thrown.includes('"code":"failed"'), `a throwing handler rejected with ${thrown}`);
      const late = String((await rejected(channel.postMessage({ type: 'conformance.slow' }), 'slow') as Error)?.message);
      expect(late.includes('"code":"timeout"'), `a call past its deadline rejected with ${late}`);
    },
  },
  {
    rule: 'C6',
    title: 'concurrent calls settle independently, each with its own answer',
    async run(context) {
      const channel = channelOf(context);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => resolved(channel.postMessage({ type: 'conformance.echo', i }), `echo ${i}`)));
      expectJSON(answers, Array.from({ length: 20 }, (_, i) => ({ i })), 'twenty concurrent echoes');
      expectJSON(
        await Promise.all([1, 2].map(() => resolved(channel.postMessage({ type: 'track', ename: 'conformance_twice' }), 'track'))),
        [undefined, undefined],
        'the same track sent twice',
      );
    },
  },
  {
    rule: 'C7',
    title: 'the main frame has a frozen platform tag it cannot replace, delete or list; sub-frames have none',
    async run(context) {
      const scope = window as unknown as Record<string, unknown>;
      const tag = scope.__todayWebView as { platform?: string } | undefined;
      expect(tag !== undefined, 'window.__todayWebView is not defined in the main frame');
      expect(hostPlatforms.includes(String(tag.platform)), `the platform is ${describe(tag.platform)}`);
      expect(Object.isFrozen(tag), 'the tag is not frozen');
      try {
        scope.__todayWebView = { platform: 'web' };
      } catch {
        // Assigning a read-only property throws in strict code: what matters is that it stays.
      }
      expect(scope.__todayWebView === tag, 'the tag could be replaced');
      try {
        delete scope.__todayWebView;
      } catch {
        // Deleting a non-configurable property throws in strict code.
      }
      expect(scope.__todayWebView === tag, 'the tag could be deleted');
      expect(!Object.keys(window).includes('__todayWebView'), 'the tag is enumerable');
      for (const frame of context.frames) expect(frame.platformTag === 'none', `the ${frame.kind} sub-frame sees the tag ${frame.platformTag}`);
    },
  },
  {
    rule: 'C8',
    title: "a sub-frame claiming in the message to be the main frame is still a sub-frame",
    async run(context) {
      for (const frame of probedFrames(context)) {
        expect(frame.answers.forgedMainFrame === 'undefined', `the ${frame.kind} sub-frame's forged headers message got an answer`);
      }
    },
  },
];
