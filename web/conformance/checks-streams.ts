import { BridgeError } from '../src/errors.js';
import { expect, expectJSON, rejected } from './check.js';
import type { Check } from './check.js';
import type { ConformanceFixtureCapabilities } from './fixture.generated.js';

type Fixture = ConformanceFixtureCapabilities;

/** Streams: ST1, ST2, ST4, ST5 (ST3's window paces the host; the SDK hides it from a page). */
export const streamChecks: Check[] = [
  {
    rule: 'ST1',
    title: 'a streaming capability called without a stream is refused with invalidRequest; opened as a stream, it answers',
    async run(context) {
      const error = await rejected(context.bridge.request<Fixture, 'conformance.stream'>('conformance.stream', { to: 1 }), 'a plain call');
      expect(error instanceof BridgeError && error.code === 'invalidRequest', `the plain call ended with ${String((error as Error)?.message ?? error)}`);
      const values: number[] = [];
      for await (const value of context.bridge.stream<Fixture, 'conformance.stream'>('conformance.stream', { to: 1 })) values.push(value.n);
      expectJSON(values, [0], 'the values');
    },
  },
  {
    rule: 'ST2',
    title: "a stream's values arrive in order, more than a window of them, then it finishes",
    async run(context) {
      const values: number[] = [];
      for await (const value of context.bridge.stream<Fixture, 'conformance.stream'>('conformance.stream', { to: 40 })) values.push(value.n);
      expectJSON(values, Array.from({ length: 40 }, (_, n) => n), 'the values');
    },
  },
  {
    rule: 'ST4',
    title: 'break ends a stream; an aborted signal ends it with cancelled; the next stream still runs',
    async run(context) {
      const taken: number[] = [];
      for await (const value of context.bridge.stream<Fixture, 'conformance.stream'>('conformance.stream', { to: 1000 })) {
        taken.push(value.n);
        if (taken.length === 3) break;
      }
      expectJSON(taken, [0, 1, 2], 'the values before break');
      const controller = new AbortController();
      const aborted = context.bridge.stream<Fixture, 'conformance.stream'>('conformance.stream', { to: 1000 }, { signal: controller.signal });
      await aborted.next();
      controller.abort();
      const error = await aborted.next().then(() => undefined, (reason: unknown) => reason);
      expect(error instanceof BridgeError && error.code === 'cancelled', `an aborted stream ended with ${String((error as Error)?.message ?? error)}`);
      const after: number[] = [];
      for await (const value of context.bridge.stream<Fixture, 'conformance.stream'>('conformance.stream', { to: 2 })) after.push(value.n);
      expectJSON(after, [0, 1], 'a stream after them');
    },
  },
  {
    rule: 'ST5',
    title: 'a failing stream delivers its values, then throws its BridgeError once, then is done',
    async run(context) {
      const stream = context.bridge.stream<Fixture, 'conformance.stream'>('conformance.stream', { to: 10, failAt: 2 });
      const values: number[] = [];
      let error: unknown;
      try {
        for await (const value of stream) values.push(value.n);
      } catch (reason) {
        error = reason;
      }
      expectJSON(values, [0, 1], 'the values before the failure');
      expect(error instanceof BridgeError && error.code === 'conformance.declined', `the stream ended with ${String((error as Error)?.message ?? error)}`);
      expectJSON(await stream.next(), { done: true }, 'next() after the end');
    },
  },
];
