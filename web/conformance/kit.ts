/**
 * The conformance kit: a page any host loads to check every rule of the contract a page can
 * observe, reported per rule id in the page, as `window.todayConformance` and, when asked, posted
 * as JSON. Built as `conformance/kit.js` of the web package; `conformance/index.html` loads it.
 */
import { TodayBridge } from '../src/bridge.js';
import { findChannel } from '../src/channel.js';
import type { BridgeWindow } from '../src/channel.js';
import { VERSION } from '../src/protocol.js';
import type { Check, ConformanceContext, ConformanceMode } from './check.js';
import { androidChecks } from './checks-android.js';
import { beyondChecks } from './checks-beyond.js';
import { bytesChecks } from './checks-bytes.js';
import { capabilityChecks } from './checks-capabilities.js';
import { channelChecks } from './checks-channel.js';
import { discoveryChecks } from './checks-discovery.js';
import { streamChecks } from './checks-streams.js';
import { sdkChecks } from './checks-sdk.js';
import { trustChecks } from './checks-trust.js';
import { FRAME_MESSAGES, probeFrame } from './frame-probe.js';
import type { FrameProbe } from './frame-probe.js';
import { renderReport } from './render.js';
import { runChecks, summarize } from './report.js';
import type { ConformanceReport } from './report.js';

/**
 * How a host runs the kit: a `<script type="application/json" id="today-conformance-options">`
 * element in the page, or the page's query string.
 */
export interface ConformanceOptions {
  /** What the page is to its host (default `trusted`): which outcomes the checks expect. */
  mode?: ConformanceMode;
  /** The kit's `frame.html` on a second origin, for the cross-origin sub-frame checks. */
  frame?: string;
  /** A URL to POST the JSON report to. */
  report?: string;
  /** Close the window once reported. */
  close?: boolean;
  /** The page's server answers `GET /api/conformance/session` with `{ cookie }` (T4). */
  session?: boolean;
  /** Only these rule ids (all when absent), to look into one failure. */
  rules?: string[];
}

/** Every check, in the contract's order. */
export const allChecks: readonly Check[] = [
  ...channelChecks, ...trustChecks, ...capabilityChecks, ...beyondChecks, ...streamChecks, ...bytesChecks, ...discoveryChecks, ...sdkChecks, ...androidChecks,
];

const modes: readonly ConformanceMode[] = ['trusted', 'untrusted', 'cleartext'];

/** The id of the JSON element a host embeds the kit's options in. */
export const optionsElementId = 'today-conformance-options';

/** The options from the page's options element's JSON text (when there is one), then the query string. */
export function readOptions(embedded: string | null | undefined, search: string): ConformanceOptions {
  const query = new URLSearchParams(search);
  const given: ConformanceOptions = embedded ? JSON.parse(embedded) as ConformanceOptions : {};
  const mode = (given.mode ?? query.get('mode') ?? 'trusted') as ConformanceMode;
  if (!modes.includes(mode)) throw new Error(`unknown conformance mode ${mode}: ${modes.join(', ')}`);
  return {
    mode,
    frame: given.frame ?? query.get('frame') ?? undefined,
    report: given.report ?? query.get('report') ?? undefined,
    close: given.close ?? query.get('close') === '1',
    session: given.session ?? query.get('session') === '1',
    rules: given.rules ?? query.get('rules')?.split(',').filter(Boolean),
  };
}

/** Loads one sub-frame and waits for its probe; a frame that never reports is reported without a channel. */
function loadFrame(kind: string, attributes: Record<string, string>): Promise<FrameProbe> {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    const done = (probe: FrameProbe) => {
      clearTimeout(guard);
      window.removeEventListener('message', onMessage);
      resolve(probe);
    };
    const onMessage = (event: MessageEvent) => {
      const probe = (event.data as { conformanceFrame?: FrameProbe } | null)?.conformanceFrame;
      if (event.source === frame.contentWindow && probe) done(probe);
    };
    const guard = setTimeout(() => done({ kind, hasChannel: false, platformTag: 'none', answers: {} }), 20_000);
    window.addEventListener('message', onMessage);
    for (const [name, value] of Object.entries(attributes)) frame.setAttribute(name, value);
    document.body.append(frame);
  });
}

/** The sub-frames the checks use: a same-origin `srcdoc`, an opaque sandboxed one, and the cross-origin page if given. */
async function probeFrames(options: ConformanceOptions): Promise<FrameProbe[]> {
  const inline = (kind: string) => `<script>(${probeFrame.toString()})(${JSON.stringify(kind)}, ${JSON.stringify(FRAME_MESSAGES).replace(/</g, '\\u003c')});<\/script>`;
  const frames = [loadFrame('srcdoc', { srcdoc: inline('srcdoc') }), loadFrame('sandboxed', { srcdoc: inline('sandboxed'), sandbox: 'allow-scripts' })];
  if (options.frame) {
    const url = new URL(options.frame, location.href);
    url.searchParams.set('kind', 'cross-origin');
    frames.push(loadFrame('cross-origin', { src: url.href }));
  }
  return Promise.all(frames);
}

/** Runs the kit in this page and reports. */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const scope = window as unknown as BridgeWindow;
  const bridge = new TodayBridge({ window: scope });
  const context: ConformanceContext = {
    mode: options.mode ?? 'trusted',
    channel: findChannel(scope),
    bridge,
    frames: await probeFrames(options),
    sessionEndpoint: options.session ?? false,
  };
  const host = await bridge.host;
  const report: ConformanceReport = {
    kit: VERSION,
    mode: context.mode,
    platform: bridge.platform,
    host: { name: host.name, version: host.version, protocol: host.protocol },
    ...summarize(await runChecks(allChecks.filter((check) => !options.rules || options.rules.includes(check.rule)), context, bridge.platform)),
  };
  renderReport(document, report);
  (window as unknown as { todayConformance?: ConformanceReport }).todayConformance = report;
  console.info(`today-bridge conformance: ${report.passed} passed, ${report.failed} failed`);
  if (options.report) await fetch(options.report, { method: 'POST', body: JSON.stringify(report) });
  if (options.close) window.close();
  return report;
}
