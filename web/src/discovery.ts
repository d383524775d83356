import type { Channel } from './channel.js';
import { invoke } from './invoke.js';
import { HELLO_TYPE, PROTOCOL_VERSION } from './protocol.js';
import type { HelloMessage } from './protocol.js';

/**
 * Whether an offered capability serves this frame (D1): `'allowed'`, or `'denied'` (a call
 * resolves `undefined`: the page is not a trusted surface over HTTPS). A capability the host does
 * not offer this frame is absent.
 */
export type CapabilityOffer = 'allowed' | 'denied';

/** What a page knows about its host (W7). */
export interface HostInfo {
  /** The app's name; `undefined` without a host, or with a host older than discovery. */
  readonly name?: string;
  /** The app's version; `undefined` like {@link HostInfo.name}. */
  readonly version?: string;
  /**
   * The protocol both sides speak (D2): `0` without a host; `1` for a host older than discovery
   * (or a frame it cannot answer); otherwise the older of the host's and this SDK's.
   */
  readonly protocol: number;
  /**
   * What this frame may call, by `type`. From a host older than discovery, what protocol 1
   * guarantees: `track` in every frame, `headers` in the main frame.
   */
  readonly capabilities: Readonly<Record<string, CapabilityOffer>>;
}

/** No host: nothing is offered (W1). */
const noHost: HostInfo = Object.freeze({ protocol: 0, capabilities: Object.freeze({}) });

/**
 * Asks the host what it offers this frame (D1). Never rejects: a host older than discovery
 * answers `undefined` (C3), and any answer this SDK cannot read counts as that.
 */
export async function discoverHost(channel: Channel | undefined, isMainFrame: boolean): Promise<HostInfo> {
  if (!channel) return noHost;
  const hello: HelloMessage = { type: HELLO_TYPE, protocol: PROTOCOL_VERSION };
  const reply = await invoke(channel, hello).catch(() => undefined);
  return readHello(reply) ?? protocolOne(isMainFrame);
}

/** A host's answer as far as this SDK understands it (D2); `undefined` when it cannot read it. */
function readHello(reply: unknown): HostInfo | undefined {
  if (!isRecord(reply) || !Number.isInteger(reply.protocol) || (reply.protocol as number) < 2) return undefined;
  const { host, capabilities } = reply;
  if (!isRecord(host) || typeof host.name !== 'string' || typeof host.version !== 'string' || !isRecord(capabilities)) return undefined;
  const offers: Record<string, CapabilityOffer> = {};
  // An offer this SDK does not know (from a newer host) is not a promise to serve.
  for (const [type, offer] of Object.entries(capabilities)) offers[type] = offer === 'allowed' ? 'allowed' : 'denied';
  return Object.freeze({
    name: host.name,
    version: host.version,
    protocol: Math.min(reply.protocol as number, PROTOCOL_VERSION),
    capabilities: Object.freeze(offers),
  });
}

/** What a host older than discovery is known to serve (T1, T2). */
function protocolOne(isMainFrame: boolean): HostInfo {
  const capabilities: Record<string, CapabilityOffer> = isMainFrame ? { track: 'allowed', headers: 'allowed' } : { track: 'allowed' };
  return Object.freeze({ protocol: 1, capabilities: Object.freeze(capabilities) });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
