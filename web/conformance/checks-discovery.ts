import { PROTOCOL_VERSION } from '../src/protocol.js';
import { channelOf, describe, expect, resolved } from './check.js';
import type { Check, ConformanceContext } from './check.js';
import { probedFrames } from './checks-channel.js';

/** The capabilities every frame may call. */
const anyFrame = ['track', 'conformance.echo', 'conformance.count', 'conformance.nothing', 'conformance.reject', 'conformance.throw', 'conformance.slow'];
/** Those served to the main frame on any page. */
const mainFrame = ['headers', 'conformance.emit', 'conformance.call', 'conformance.mainFrame'];
/** Those served only to the main frame of a trusted surface over HTTPS. */
const credentials = ['refreshToken', 'establishSession', 'conformance.trusted'];

/** Fails unless every type in `types` is offered as `offer`. */
function expectOffers(capabilities: Record<string, unknown>, types: string[], offer: string, where: string): void {
  for (const type of types) expect(capabilities[type] === offer, `${where}, ${type} is ${describe(capabilities[type])}, expected '${offer}'`);
}

/** The raw answer to a hello saying `protocol`, failing unless it is an object. */
async function hello(context: ConformanceContext, protocol?: number): Promise<Record<string, unknown>> {
  const message = protocol === undefined ? { type: '__today.hello' } : { type: '__today.hello', protocol };
  const answer = await resolved(channelOf(context).postMessage(message), 'hello');
  expect(typeof answer === 'object' && answer !== null, `hello resolved ${describe(answer)}`);
  return answer as Record<string, unknown>;
}

/** Discovery: D1 and D2. */
export const discoveryChecks: Check[] = [
  {
    rule: 'D1',
    title: 'the main frame is told the host, and each capability as allowed or, off a trusted surface, denied',
    async run(context) {
      const answer = await hello(context, PROTOCOL_VERSION);
      const host = answer.host as Record<string, unknown> | undefined;
      expect(typeof host?.name === 'string' && typeof host?.version === 'string', `the host is ${describe(host)}`);
      const capabilities = (answer.capabilities ?? {}) as Record<string, unknown>;
      expectOffers(capabilities, [...anyFrame, ...mainFrame], 'allowed', 'in the main frame');
      expectOffers(capabilities, credentials, context.mode === 'trusted' ? 'allowed' : 'denied', `on a ${context.mode} page`);
    },
  },
  {
    rule: 'D1',
    title: 'a sub-frame is told only what every frame may call',
    async run(context) {
      for (const frame of probedFrames(context)) {
        const answer = JSON.parse(frame.answers.hello ?? 'null') as { capabilities?: Record<string, unknown> } | null;
        const capabilities = answer?.capabilities;
        expect(capabilities !== undefined, `the ${frame.kind} sub-frame's hello got ${frame.answers.hello}`);
        expectOffers(capabilities, anyFrame, 'allowed', `in the ${frame.kind} sub-frame`);
        for (const type of [...mainFrame, ...credentials]) expect(!(type in capabilities), `the ${frame.kind} sub-frame is told about ${type}`);
      }
    },
  },
  {
    rule: 'D2',
    title: 'the host answers the older of the two protocols, and its own to a page that names none',
    async run(context) {
      const own = (await hello(context)).protocol;
      expect(Number.isInteger(own) && (own as number) >= 2, `a hello without a protocol got protocol ${describe(own)}`);
      expect((await hello(context, 1)).protocol === 1, 'a page speaking protocol 1 was not answered in protocol 1');
      expect((await hello(context, 1000)).protocol === own, 'a page speaking protocol 1000 was not answered in the host\'s');
      expect((await context.bridge.host).protocol === Math.min(own as number, PROTOCOL_VERSION), 'the SDK does not use the older protocol');
    },
  },
];
