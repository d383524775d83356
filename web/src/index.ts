/**
 * The web SDK of the Today WebView Bridge.
 *
 * @example
 * import { bridge, bridgeFetch } from '@today/webview-bridge';
 * bridge.track('opened');
 * const response = await bridgeFetch('/api/feed');
 */
import { TodayBridge } from './bridge.js';
import { createBridgeFetch } from './fetch.js';

export { TodayBridge } from './bridge.js';
export type { BridgeOptions } from './bridge.js';
export { BridgeError } from './errors.js';
export type { BridgeStream } from './streams.js';
export { createBridgeFetch } from './fetch.js';
export type { Fetch } from './fetch.js';
export type { CallOptions } from './invoke.js';
export type { HostInfo, CapabilityOffer } from './discovery.js';
export type { Channel, BridgeWindow, PostHint } from './channel.js';
export type { BridgeMessage, Platform, BuiltInCapabilities, BuiltInEvents, BridgeErrorCode, BytesSource, Sendable } from './protocol.js';
/** The release of the bridge this SDK belongs to (`TodayBridge.version` in Swift): the package's version. */
export { VERSION } from './protocol.generated.js';

/** The page's bridge, on the default channel. */
export const bridge = new TodayBridge();

/** `fetch` through {@link bridge} (W3). */
export const bridgeFetch = createBridgeFetch(bridge);
