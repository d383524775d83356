import type { Channel } from '../src/channel.js';
import type { TodayBridge } from '../src/bridge.js';
import type { FrameProbe } from './frame-probe.js';

/** How the kit's page is served, which decides what its checks expect. */
export type ConformanceMode =
  /** The main frame of a trusted surface over HTTPS: every capability is served. */
  | 'trusted'
  /** A main frame over HTTPS that is on no surface: no credential. */
  | 'untrusted'
  /** A main frame over cleartext HTTP: no credential. */
  | 'cleartext';

/** What a check works with. */
export interface ConformanceContext {
  readonly mode: ConformanceMode;
  /** The host's raw channel (C1), `undefined` when the page has none. */
  readonly channel: Channel | undefined;
  /** The SDK, on this page's window. */
  readonly bridge: TodayBridge;
  /** What each sub-frame saw (S1). */
  readonly frames: readonly FrameProbe[];
  /** Whether the page's own server answers `GET /api/conformance/session` (T4). */
  readonly sessionEndpoint: boolean;
}

/** One check of one rule: resolves when it holds, throws a {@link CheckFailure} when not. */
export interface Check {
  /** The contract rule's id, such as `C3`. */
  readonly rule: string;
  /** What is checked, as a sentence. */
  readonly title: string;
  /** The modes the check runs in; all when absent. */
  readonly modes?: readonly ConformanceMode[];
  /** Platforms the check applies to (`android` for A1, A2); all when absent. */
  readonly platforms?: readonly string[];
  run(context: ConformanceContext): Promise<void>;
}

/** Why a check does not hold. */
export class CheckFailure extends Error {
  override name = 'CheckFailure';
}

/** Fails with `reason` unless `condition` holds. */
export function expect(condition: boolean, reason: string): asserts condition {
  if (!condition) throw new CheckFailure(reason);
}

/** Fails unless `actual` and `expected` have the same JSON. */
export function expectJSON(actual: unknown, expected: unknown, what: string): void {
  const got = describe(actual);
  const wanted = describe(expected);
  expect(got === wanted, `${what}: expected ${wanted}, got ${got}`);
}

/** A value as the kit reports it: `undefined`, or its JSON with sorted keys. */
export function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (_, inner) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** How a promise settled, for checks on rejections. */
export type Settlement = { value: unknown } | { error: unknown };

/** Waits for `promise`, at most `seconds` (a guard against a host that never answers, C5). */
export function settle(promise: Promise<unknown>, seconds = 20): Promise<Settlement> {
  return new Promise((resolve) => {
    const guard = setTimeout(() => resolve({ error: new CheckFailure(`not settled after ${seconds} s (C5)`) }), seconds * 1000);
    promise.then(
      (value) => resolve({ value }),
      (error) => resolve({ error }),
    ).finally(() => clearTimeout(guard));
  });
}

/** The value `promise` resolves, failing the check when it rejects or never settles. */
export async function resolved(promise: Promise<unknown>, what: string): Promise<unknown> {
  const outcome = await settle(promise);
  if ('error' in outcome) throw new CheckFailure(`${what} rejected: ${String((outcome.error as Error)?.message ?? outcome.error)}`);
  return outcome.value;
}

/** The reason `promise` rejects with, failing the check when it resolves or never settles. */
export async function rejected(promise: Promise<unknown>, what: string): Promise<unknown> {
  const outcome = await settle(promise);
  if ('value' in outcome) throw new CheckFailure(`${what} resolved ${describe(outcome.value)}; expected a rejection`);
  return outcome.error;
}

/** The channel, failing the check when the page has none. */
export function channelOf(context: ConformanceContext): Channel {
  expect(context.channel !== undefined, 'the page has no channel (C1)');
  return context.channel;
}

/** A value nested `depth` arrays deep (X7, A2). */
export function nested(depth: number): unknown {
  let value: unknown = 0;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

/** The next event `name` delivers to a listener, within `seconds`. */
export function nextEvent(context: ConformanceContext, name: string, seconds = 10): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => {
      stop();
      reject(new CheckFailure(`the event ${name} did not arrive within ${seconds} s`));
    }, seconds * 1000);
    const stop = context.bridge.on(name, (data) => {
      clearTimeout(guard);
      stop();
      resolve(data);
    });
  });
}
