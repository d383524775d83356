import { channelOf, describe, expect, expectJSON, resolved } from './check.js';
import type { Check, ConformanceContext } from './check.js';
import { probedFrames } from './checks-channel.js';

/** What a sub-frame must get: nothing that needs the main frame, `track` and any-frame capabilities still served. */
const subFrameAnswers: Record<string, string> = {
  headers: 'undefined',
  refreshToken: 'undefined',
  establishSession: 'undefined',
  mainFrame: 'undefined',
  trusted: 'undefined',
  subscribe: 'undefined',
  track: 'undefined',
  echo: '{"from":"frame"}',
};

/** The headers the main frame gets, failing unless they are a flat record of strings. */
export async function mainFrameHeaders(context: ConformanceContext): Promise<Record<string, string>> {
  const headers = await resolved(channelOf(context).postMessage({ type: 'headers' }), 'headers');
  expect(typeof headers === 'object' && headers !== null && !Array.isArray(headers), `headers resolved ${describe(headers === undefined ? undefined : typeof headers)}`);
  for (const [name, value] of Object.entries(headers)) expect(typeof value === 'string', `the header ${name} is not a string`);
  return headers as Record<string, string>;
}

/** Fails unless the main frame gets no credential of any kind (S2, S3). */
async function expectNoCredential(context: ConformanceContext): Promise<void> {
  const channel = channelOf(context);
  expect(!('Authorization' in (await mainFrameHeaders(context))), 'headers holds Authorization');
  for (const type of ['refreshToken', 'establishSession', 'conformance.trusted']) {
    expectJSON(await resolved(channel.postMessage({ type }), type), undefined, type);
  }
}

/** Fails unless the main frame gets every credential capability (S2, S3). */
async function expectCredentials(context: ConformanceContext): Promise<void> {
  const channel = channelOf(context);
  expect(typeof (await mainFrameHeaders(context)).Authorization === 'string', 'headers holds no Authorization');
  expectJSON(await resolved(channel.postMessage({ type: 'conformance.trusted' }), 'conformance.trusted'), true, 'conformance.trusted');
}

/** Frames and trusted surfaces: S1–S3. */
export const trustChecks: Check[] = [
  {
    rule: 'S1',
    title: 'sub-frames get no credential and no main-frame capability; track and any-frame capabilities still work',
    async run(context) {
      for (const frame of probedFrames(context)) {
        for (const [name, expected] of Object.entries(subFrameAnswers)) {
          const answer = frame.answers[name];
          // Never report what a sub-frame got for a credential: only that it got something.
          expect(answer === expected, `in the ${frame.kind} sub-frame, ${name} ${expected === 'undefined' ? 'got an answer' : `answered ${answer}`}`);
        }
      }
    },
  },
  {
    rule: 'S2',
    title: 'the main frame of a page on a trusted surface gets credentials',
    modes: ['trusted'],
    run: expectCredentials,
  },
  {
    rule: 'S2',
    title: 'a main frame on an origin that is on no surface gets no credential',
    modes: ['untrusted'],
    run: expectNoCredential,
  },
  {
    rule: 'S3',
    title: 'a trusted surface over HTTPS gets credentials',
    modes: ['trusted'],
    run: expectCredentials,
  },
  {
    rule: 'S3',
    title: 'a cleartext page gets no credential, even on a surface',
    modes: ['cleartext'],
    run: expectNoCredential,
  },
];
