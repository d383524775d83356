import { DEFAULT_CHANNEL_NAME, PLATFORM_TAG_GLOBAL } from './protocol.js';
import type { Platform } from './protocol.js';

/**
 * What the SDK tells the host's channel about a message, beside it: `bytes` when the message holds
 * bytes (B1), which the channel then writes as `{"__today.bytes": …}` (B2). The SDK passes no hint
 * for a message without bytes, which keeps the channel's plain JSON path.
 */
export interface PostHint {
  bytes?: boolean;
}

/**
 * The host's channel (C1): one `postMessage` that answers with a promise. The SDK calls it as
 * `postMessage(message)`, or `postMessage(message, { bytes: true })` for a message that holds
 * bytes (`PostHint`); a channel that carries no bytes ignores the hint.
 */
export interface Channel {
  postMessage(message: unknown, hint?: PostHint): Promise<unknown>;
}

/** The parts of `window` the SDK reads; a test passes its own. */
export interface BridgeWindow extends EventTarget {
  webkit?: { messageHandlers?: Record<string, Channel | undefined> };
  [PLATFORM_TAG_GLOBAL]?: { platform?: string };
  [name: string]: unknown;
}

/** Finds the channel: WebKit's message handler, else Android's global (C1). */
export function findChannel(window: BridgeWindow, name = DEFAULT_CHANNEL_NAME): Channel | undefined {
  const webkit = window.webkit?.messageHandlers?.[name];
  if (webkit && typeof webkit.postMessage === 'function') return webkit;
  const android = window[name] as Channel | undefined;
  if (android && typeof android.postMessage === 'function') return android;
  return undefined;
}

const platforms: readonly Platform[] = ['ios', 'macos', 'android', 'linux'];

/**
 * The host's platform tag (C7), which is authoritative; `'web'` with no host (W1). A sub-frame
 * has a channel but no tag: it reports `'web'` too, since only the main frame is told.
 */
export function readPlatform(window: BridgeWindow): Platform {
  const platform = window[PLATFORM_TAG_GLOBAL]?.platform;
  return platforms.includes(platform as Platform) ? (platform as Platform) : 'web';
}
