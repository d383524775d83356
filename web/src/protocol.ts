/**
 * Wire constants and types shared with the native host. Only shapes live here; the capability
 * request and result types are generated from the Swift definitions (`protocol.generated.ts`).
 */
export type { BuiltInCapabilities, BridgeErrorCode } from './protocol.generated.js';

/** The channel's default name (C1). */
export const DEFAULT_CHANNEL_NAME = 'todayWebViewBridge';

/** The DOM event on `window` that carries native events and calls (X3, X4). */
export const NATIVE_EVENT = 'todaywebviewbridge';

/** The prefix of a structured rejection reason (X2). */
export const ERROR_PREFIX = 'TodayBridgeError:';

/** The bridge's own message types. */
export const SUBSCRIBE_TYPE = '__today.subscribe';
export const REPLY_TYPE = '__today.reply';

/** Where the page runs: a host's platform tag (C7), or `'web'` with no host (W1). */
export type Platform = 'ios' | 'macos' | 'android' | 'linux' | 'web';

/** A message: a `type` and the capability's fields beside it (C2). */
export interface BridgeMessage {
  type: string;
  [field: string]: unknown;
}

/** What the host dispatches on `window` for native events and calls. */
export type NativeDelivery =
  | { kind: 'event'; name: string; data?: unknown }
  | { kind: 'call'; id: string; name: string; args?: unknown };
