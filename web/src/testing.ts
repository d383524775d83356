/**
 * The testing entry of the web SDK (W6), `@today/webview-bridge/testing`: an in-memory host for a
 * page's own unit tests. Not part of the main entry nor of `dist/today-bridge.js`.
 *
 * @example
 * import { createFakeHost } from '@today/webview-bridge/testing';
 */
import { bytesCopy, readBytes } from './byte-values.js';
import type { BridgeWindow, Channel } from './channel.js';
import {
  DEFAULT_CHANNEL_NAME, ERROR_PREFIX, HELLO_TYPE, NATIVE_EVENT, PLATFORM_TAG_GLOBAL, PROTOCOL_VERSION, REPLY_TYPE, STREAM_ACK_TYPE, STREAM_CANCEL_TYPE,
  STREAM_FIELD, SUBSCRIBE_TYPE, VERSION,
} from './protocol.js';
import type { BridgeMessage, HelloMessage, HelloReply, NativeCallReply, NativeDelivery, Platform, SubscribeMessage } from './protocol.js';

/** A fake capability: returns the result (or a promise of it), or throws to reject. */
export type FakeCapability = (message: BridgeMessage) => unknown;

/**
 * A fake streaming capability (ST1): the values to yield, in order; throwing (or a rejected
 * iteration) ends the stream as failed with the error's `code` (default `failed`) and message.
 */
export type FakeStream = (message: BridgeMessage) => AsyncIterable<unknown> | Iterable<unknown>;

/** Options for {@link createFakeHost}. */
export interface FakeHostOptions {
  /** Capabilities by message `type`; unknown types resolve `undefined`, as a real host does. */
  capabilities?: Record<string, FakeCapability>;
  /** Streaming capabilities by message `type`, read with `bridge.stream` (ST1–ST5). */
  streams?: Record<string, FakeStream>;
  /** Values a fake stream sends ahead of the page's acknowledgements (ST3); default 16. */
  streamWindow?: number;
  /** The platform tag to install; default `'ios'`. */
  platform?: Exclude<Platform, 'web'>;
  /** The window to install into; default `globalThis`. */
  window?: BridgeWindow;
  /** The name and version discovery reports (D1); default `FakeHost` and the SDK's version. */
  host?: { name: string; version: string };
  /** Capabilities discovery reports as denied; calls to them resolve `undefined`, as on a page off a trusted surface. */
  denied?: string[];
  /** The protocol the fake speaks (D2); `1` plays a host older than discovery. Default: this SDK's. */
  protocol?: number;
}

/** A page handler's reply to a native call (X4): its value, its error, or `unhandled`. */
export type FakeCallReply = Pick<NativeCallReply, 'value' | 'error' | 'unhandled'>;

/**
 * An in-memory host for a page's own unit tests (W6). Like a real host it hands each side a copy
 * of what the other sent, bytes included (B1): a capability gets a page's `ArrayBuffer` or view as
 * a `Uint8Array`, and the page gets the bytes of answers, events, native calls and stream values
 * as new `Uint8Array`s.
 */
export interface FakeHost {
  /** Every message the page sent, in order. */
  readonly messages: BridgeMessage[];
  /** Sends a native event (X3); kept until the page subscribes, like a real host. */
  emit(name: string, data?: unknown): void;
  /** Calls a page handler (X4) and resolves with its reply. */
  call(name: string, args?: unknown): Promise<FakeCallReply>;
  /** The ids of the streams the page cancelled (ST4), in order. */
  readonly cancelledStreams: string[];
  /** Removes the fake channel and platform tag. */
  uninstall(): void;
}

/**
 * Installs a fake WebKit-style channel and platform tag.
 *
 * @example
 * const host = createFakeHost({ capabilities: { headers: () => ({ Authorization: 'Bearer t' }) } });
 * expect(await new TodayBridge().headers()).toEqual({ Authorization: 'Bearer t' });
 */
export function createFakeHost(options: FakeHostOptions = {}): FakeHost {
  const window = options.window ?? (globalThis as unknown as BridgeWindow);
  const capabilities = options.capabilities ?? {};
  const messages: BridgeMessage[] = [];
  const backlog = new Map<string, unknown[]>();
  const subscribed = new Set<string>();
  const pendingCalls = new Map<string, (reply: FakeCallReply) => void>();
  let nextCall = 1;

  const denied = new Set(options.denied ?? []);
  const protocol = options.protocol ?? PROTOCOL_VERSION;
  const hello = (message: HelloMessage): HelloReply | undefined => {
    if (protocol < 2) return undefined;
    const offers: HelloReply['capabilities'] = {};
    for (const type of [...Object.keys(capabilities), ...Object.keys(options.streams ?? {}), ...denied]) offers[type] = denied.has(type) ? 'denied' : 'allowed';
    return { protocol: Math.min(protocol, message.protocol ?? protocol), host: options.host ?? { name: 'FakeHost', version: VERSION }, capabilities: offers };
  };
  const deliver = (detail: NativeDelivery) => window.dispatchEvent(new CustomEvent(NATIVE_EVENT, { detail }));

  // Streams (ST1–ST5): each sends at most `window` values the page has not acknowledged.
  const streamWindow = Math.max(1, options.streamWindow ?? 16);
  const cancelledStreams: string[] = [];
  const openStreams = new Map<string, { credit: number; wake?: () => void; ended: boolean }>();
  const pump = async (id: string, values: AsyncIterable<unknown> | Iterable<unknown>) => {
    const stream = openStreams.get(id);
    if (!stream) return;
    let seq = 0;
    try {
      for await (const value of values) {
        while (stream.credit <= 0 && !stream.ended) await new Promise<void>((resolve) => (stream.wake = resolve));
        if (stream.ended) return;
        stream.credit -= 1;
        deliver({ kind: 'streamValues', stream: id, seq: seq++, values: [crossed(value)] });
      }
      if (!stream.ended) deliver({ kind: 'streamEnd', stream: id, end: 'finished' });
    } catch (error) {
      const { code, message, recoverable } = (error ?? {}) as { code?: unknown; message?: unknown; recoverable?: unknown };
      if (!stream.ended) {
        deliver({
          kind: 'streamEnd', stream: id, end: code === 'timeout' ? 'timeout' : 'failed',
          error: { code: typeof code === 'string' ? code : 'failed', message: typeof message === 'string' ? message : 'the stream failed', recoverable: recoverable === true },
        });
      }
    } finally {
      stream.ended = true;
      openStreams.delete(id);
    }
  };

  const channel: Channel = {
    async postMessage(message) {
      const cloned = crossed(message) as BridgeMessage;
      messages.push(cloned);
      if (!cloned || typeof cloned !== 'object' || typeof cloned.type !== 'string') return undefined;
      if (cloned.type === HELLO_TYPE) return hello(cloned as unknown as HelloMessage);
      if (denied.has(cloned.type)) return undefined;
      if (cloned.type === SUBSCRIBE_TYPE) {
        const name = String((cloned as unknown as SubscribeMessage).event);
        subscribed.add(name);
        const kept = backlog.get(name) ?? [];
        backlog.delete(name);
        return kept;
      }
      if (cloned.type === STREAM_ACK_TYPE || cloned.type === STREAM_CANCEL_TYPE) {
        const id = String(cloned.stream);
        const stream = openStreams.get(id);
        if (cloned.type === STREAM_CANCEL_TYPE) {
          cancelledStreams.push(id);
          if (stream) stream.ended = true;
        } else if (stream) {
          stream.credit += Math.max(0, Number(cloned.count) || 0);
        }
        stream?.wake?.();
        return undefined;
      }
      const streaming = options.streams?.[cloned.type];
      if (streaming) {
        const id = cloned[STREAM_FIELD];
        if (typeof id !== 'string' || openStreams.has(id)) {
          throw new Error(`${ERROR_PREFIX}${JSON.stringify({ code: 'invalidRequest', message: 'open a stream with stream()', recoverable: false })}`);
        }
        openStreams.set(id, { credit: streamWindow, ended: false });
        const values = streaming(cloned);
        queueMicrotask(() => void pump(id, values));
        return { stream: id, window: streamWindow };
      }
      if (cloned.type === REPLY_TYPE) {
        const reply = cloned as unknown as NativeCallReply;
        const settle = pendingCalls.get(String(reply.id));
        pendingCalls.delete(String(reply.id));
        settle?.({ value: reply.value, error: reply.error, unhandled: reply.unhandled });
        return undefined;
      }
      const capability = capabilities[cloned.type];
      if (!capability) return undefined;
      try {
        return crossed(await capability(cloned));
      } catch (error) {
        throw new Error(error instanceof Error && !error.message.startsWith(ERROR_PREFIX) ? error.message : String((error as Error).message ?? error));
      }
    },
  };

  const previousWebkit = window.webkit;
  window.webkit = { messageHandlers: { ...(previousWebkit?.messageHandlers ?? {}), [DEFAULT_CHANNEL_NAME]: channel } };
  window[PLATFORM_TAG_GLOBAL] = Object.freeze({ platform: options.platform ?? 'ios' });

  return {
    messages,
    cancelledStreams,
    emit(name, data) {
      if (subscribed.has(name)) deliver({ kind: 'event', name, data: crossed(data) });
      else backlog.set(name, [...(backlog.get(name) ?? []), crossed(data)]);
    },
    call(name, args) {
      const id = String(nextCall++);
      return new Promise((resolve) => {
        pendingCalls.set(id, resolve);
        deliver({ kind: 'call', id, name, args: crossed(args) });
      });
    },
    uninstall() {
      window.webkit = previousWebkit;
      delete window[PLATFORM_TAG_GLOBAL];
    },
  };
}

/**
 * What the other side receives of `value`: a copy, as a real host's JSON makes, each byte value in
 * it (an `ArrayBuffer` or a view of one) a new `Uint8Array` of its own (B1).
 */
function crossed(value: unknown): unknown {
  return withFreshBytes(structuredClone(value));
}

function withFreshBytes(value: unknown): unknown {
  const bytes = readBytes(value);
  if (typeof bytes === 'object') return bytesCopy(bytes);
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) object[key] = withFreshBytes(object[key]);
  return object;
}
