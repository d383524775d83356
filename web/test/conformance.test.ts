import assert from 'node:assert/strict';
import test from 'node:test';
import { TodayBridge } from '../src/bridge.js';
import type { Channel } from '../src/channel.js';
import type { Check, ConformanceContext } from '../conformance/check.js';
import { CheckFailure } from '../conformance/check.js';
import { channelChecks } from '../conformance/checks-channel.js';
import { discoveryChecks } from '../conformance/checks-discovery.js';
import { trustChecks } from '../conformance/checks-trust.js';
import type { FrameProbe } from '../conformance/frame-probe.js';
import { FRAME_MESSAGES, probeFrame } from '../conformance/frame-probe.js';
import { allChecks, readOptions } from '../conformance/kit.js';
import { runChecks, summarize } from '../conformance/report.js';
import { fakeWindow, scriptedChannel } from './helpers.js';

/** A context around `channel` and sub-frame probes, on a page in `mode`. */
function context(channel: Channel | undefined, frames: FrameProbe[] = [], mode: ConformanceContext['mode'] = 'trusted'): ConformanceContext {
  return { mode, channel, bridge: new TodayBridge({ window: fakeWindow() }), frames, sessionEndpoint: false };
}

/** A sub-frame probe whose answers are a conforming host's, with `changes`. */
function frame(changes: Record<string, string> = {}): FrameProbe {
  const answers: Record<string, string> = {
    headers: 'undefined', refreshToken: 'undefined', establishSession: 'undefined', track: 'undefined', echo: '{"from":"frame"}',
    mainFrame: 'undefined', trusted: 'undefined', forgedMainFrame: 'undefined', subscribe: 'undefined',
    hello: JSON.stringify({ protocol: 2, host: { name: 'App', version: '1' }, capabilities: Object.fromEntries(
      ['track', 'conformance.echo', 'conformance.count', 'conformance.nothing', 'conformance.reject', 'conformance.throw', 'conformance.slow'].map((type) => [type, 'allowed']),
    ) }),
  };
  return { kind: 'cross-origin', hasChannel: true, platformTag: 'none', answers: { ...answers, ...changes } };
}

function check(checks: readonly Check[], rule: string, title?: RegExp): Check {
  const found = checks.find((candidate) => candidate.rule === rule && (!title || title.test(candidate.title)));
  assert.ok(found, `no ${rule} check`);
  return found;
}

test('Conformance kit: the kit covers every rule a page can observe, in the contract order', () => {
  const rules = [...new Set(allChecks.map((candidate) => candidate.rule))];
  assert.deepEqual(rules, [
    'C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'S1', 'S2', 'S3', 'T1', 'T2', 'T3', 'T4',
    'X1', 'X2', 'X3', 'X4', 'X7', 'ST1', 'ST2', 'ST4', 'ST5', 'B1', 'B2', 'B3', 'D1', 'D2', 'W1', 'W2', 'W3', 'W4', 'W5', 'W7', 'A1', 'A2',
  ]);
});

test('Conformance kit: results are grouped by rule; a rule passes only when each of its checks does; modes and platforms select checks', async () => {
  const checks: Check[] = [
    { rule: 'C1', title: 'holds', run: async () => undefined },
    { rule: 'C1', title: 'does not hold', run: async () => { throw new CheckFailure('because'); } },
    { rule: 'S3', title: 'untrusted only', modes: ['untrusted'], run: async () => { throw new Error('never run'); } },
    { rule: 'A1', title: 'android only', platforms: ['android'], run: async () => { throw new Error('never run'); } },
    { rule: 'T1', title: 'holds', run: async () => undefined },
  ];
  const summary = summarize(await runChecks(checks, context(undefined), 'linux'));
  assert.deepEqual(summary, {
    rules: [
      { id: 'C1', passed: false, checks: [{ title: 'holds', passed: true }, { title: 'does not hold', passed: false, reason: 'because' }] },
      { id: 'T1', passed: true, checks: [{ title: 'holds', passed: true }] },
    ],
    passed: 1,
    failed: 1,
  });
});

test('Conformance kit: C3 a host that rejects an unknown type fails C3, saying which message', async () => {
  const { channel } = scriptedChannel((message) => {
    if (message && message.type === 'conformance.no-such-capability') throw new Error('unknown type');
    return undefined;
  });
  await assert.rejects(check(channelChecks, 'C3').run(context(channel)), /an unknown type rejected: unknown type/);
  const { channel: conforming } = scriptedChannel(() => undefined);
  await check(channelChecks, 'C3').run(context(conforming));
});

test('Conformance kit: S1 a sub-frame that gets a credential fails S1, and the report never holds the credential', async () => {
  await check(trustChecks, 'S1').run(context(undefined, [frame()]));
  const leaking = frame({ headers: '{"Authorization":"Bearer secret-token"}' });
  const failure = await check(trustChecks, 'S1').run(context(undefined, [leaking])).then(() => undefined, (error: Error) => error);
  assert.ok(failure instanceof CheckFailure);
  assert.match(failure.message, /in the cross-origin sub-frame, headers got an answer/);
  assert.ok(!failure.message.includes('secret-token'), failure.message);
});

test('Conformance kit: S1 C8 with no sub-frame to probe, the sub-frame rules fail rather than pass vacuously', async () => {
  const silent: FrameProbe = { kind: 'sandboxed', hasChannel: false, platformTag: 'none', answers: {} };
  await assert.rejects(check(trustChecks, 'S1').run(context(undefined, [silent])), /no sub-frame had a channel/);
  await assert.rejects(check(channelChecks, 'C8').run(context(undefined, [])), /no sub-frame had a channel/);
});

test('Conformance kit: D1 a host that names a credential capability to a sub-frame fails D1', async () => {
  const told = JSON.parse(frame().answers.hello) as { capabilities: Record<string, string> };
  told.capabilities.refreshToken = 'denied';
  const sub = check(discoveryChecks, 'D1', /sub-frame/);
  await sub.run(context(undefined, [frame()]));
  await assert.rejects(sub.run(context(undefined, [frame({ hello: JSON.stringify(told) })])), /told about refreshToken/);
});

test('Conformance kit: D2 a host that does not answer the older protocol fails D2', async () => {
  const { channel } = scriptedChannel((message) =>
    message.type === '__today.hello' ? { protocol: 2, host: { name: 'App', version: '1' }, capabilities: {} } : undefined,
  );
  await assert.rejects(check(discoveryChecks, 'D2').run(context(channel)), /protocol 1 was not answered in protocol 1/);
});

test('Conformance kit: the frame probe sends each message on the raw channel and posts what it saw to the parent', async () => {
  const { channel, sent } = scriptedChannel((message) => (message.type === 'conformance.echo' ? { from: 'frame' } : undefined));
  const posted: unknown[] = [];
  const scope = globalThis as unknown as Record<string, unknown>;
  Object.assign(scope, { window: { todayWebViewBridge: channel }, parent: { postMessage: (data: unknown) => posted.push(data) } });
  try {
    await probeFrame('srcdoc', FRAME_MESSAGES);
  } finally {
    delete scope.window;
    delete scope.parent;
  }
  assert.equal(sent.length, Object.keys(FRAME_MESSAGES).length);
  const probe = (posted[0] as { conformanceFrame: FrameProbe }).conformanceFrame;
  assert.equal(probe.kind, 'srcdoc');
  assert.equal(probe.hasChannel, true);
  assert.equal(probe.platformTag, 'none');
  assert.equal(probe.answers.echo, '{"from":"frame"}');
  assert.equal(probe.answers.headers, 'undefined');
});

test('Conformance kit: options come from the page\'s options element, then the query string; an unknown mode is refused', () => {
  assert.deepEqual(readOptions(null, ''), { mode: 'trusted', frame: undefined, report: undefined, close: false, session: false, rules: undefined });
  assert.deepEqual(readOptions(undefined, '?mode=cleartext&frame=https://b.test/frame.html&report=/r&close=1&session=1&rules=C1,X4'), {
    mode: 'cleartext', frame: 'https://b.test/frame.html', report: '/r', close: true, session: true, rules: ['C1', 'X4'],
  });
  assert.equal(readOptions('{"mode":"untrusted","close":true}', '?mode=trusted').mode, 'untrusted');
  assert.equal(readOptions('{"mode":"untrusted","close":true}', '').close, true);
  assert.throws(() => readOptions(null, '?mode=lenient'), /unknown conformance mode lenient/);
});
