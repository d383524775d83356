import { findChannel, readPlatform } from './channel.js';
import type { BridgeWindow } from './channel.js';
import { discoverHost } from './discovery.js';
import type { HostInfo } from './discovery.js';
import { EventHub, subscribeMessage } from './events.js';
import type { EventListener } from './events.js';
import { CallHandlers } from './handlers.js';
import type { CallHandler } from './handlers.js';
import { invoke } from './invoke.js';
import type { CallOptions } from './invoke.js';
import { DEFAULT_CHANNEL_NAME } from './protocol.js';
import type { BuiltInCapabilities, BuiltInEvents, Platform, Sendable } from './protocol.js';
import { singleFlight } from './single-flight.js';
import { StreamHub } from './streams.js';
import type { BridgeStream } from './streams.js';

/** Options for a bridge. */
export interface BridgeOptions {
  /** The host's channel name, if the app configured another (C1). */
  channelName?: string;
  /** The window to use; tests pass a fake one. */
  window?: BridgeWindow;
}

type Request<K extends keyof BuiltInCapabilities> = BuiltInCapabilities[K]['request'];
type Result<K extends keyof BuiltInCapabilities> = BuiltInCapabilities[K]['result'];

/** The events a page can listen to: the host's own (`host.ready`, …) and those of the app's map. */
type Events<Map> = BuiltInEvents & Map;
/** The arguments a native call's handler receives, by the app's map. */
type CallArguments<Map, K extends keyof Map> = Map[K] extends { arguments: infer A } ? A : unknown;
/** What a native call's handler returns (or resolves with), by the app's map; bytes as any `BytesSource` (B1). */
type CallResult<Map, K extends keyof Map> = Map[K] extends { result: infer R } ? Sendable<R> | Promise<Sendable<R>> : unknown;
/** A call's fields, by the app's map; bytes as any `BytesSource` (B1). */
type Fields<Map, K extends keyof Map, Untyped> = Map[K] extends { request: infer R } ? Sendable<R> : Untyped;

/**
 * Typed calls to the native host (W2). In a plain browser every call resolves `undefined`.
 *
 * @example
 * const bridge = new TodayBridge();
 * bridge.track('article_opened', { id: 42 });
 * const headers = await bridge.headers();
 */
export class TodayBridge {
  readonly #window: BridgeWindow;
  readonly #channelName: string;
  readonly #events: EventHub;
  readonly #handlers: CallHandlers;
  readonly #streams: StreamHub;
  readonly #refresh: () => Promise<Result<'refreshToken'> | undefined>;
  #host: Promise<HostInfo> | undefined;

  constructor(options: BridgeOptions = {}) {
    this.#window = options.window ?? (globalThis as unknown as BridgeWindow);
    this.#channelName = options.channelName ?? DEFAULT_CHANNEL_NAME;
    this.#events = new EventHub(this.#window, (name) => this.#send(subscribeMessage(name)));
    this.#handlers = new CallHandlers(this.#window, (reply) => {
      this.#send(reply).catch(() => undefined);
    });
    this.#streams = new StreamHub(this.#window, (message, options) => this.#send(message, options));
    this.#refresh = singleFlight(() => this.#call('refreshToken', {}));
  }

  /** The host's platform (C7), or `'web'` with no host. */
  get platform(): Platform {
    return readPlatform(this.#window);
  }

  /** Whether a host answers this page. */
  get isAvailable(): boolean {
    return findChannel(this.#window, this.#channelName) !== undefined;
  }

  /**
   * What the host offers this frame (W7, D1): the app's name and version, the protocol both
   * sides speak, and the capabilities this frame may call. Asked once, on first use; never rejects.
   *
   * @example
   * const { name, version, protocol } = await bridge.host;
   */
  get host(): Promise<HostInfo> {
    this.#host ??= discoverHost(findChannel(this.#window, this.#channelName), this.#isMainFrame());
    return this.#host;
  }

  /**
   * Whether the host serves `type` to this frame now (W7): offered and allowed. `false` without a
   * host, for a type the host does not offer this frame, and for one it denies this page.
   */
  async supports(type: string): Promise<boolean> {
    return (await this.host).capabilities[type] === 'allowed';
  }

  /** Sends an analytics event (T1). Never rejects: a fire-and-forget call must not fail the page. */
  track(ename: string, parameters?: Request<'track'>['parameters'], options?: CallOptions): Promise<void> {
    return this.#call('track', { ename, parameters }, options).then(
      () => undefined,
      () => undefined,
    );
  }

  /** Headers for the page's own requests (T2): `Authorization` on a trusted HTTPS page. */
  async headers(options?: CallOptions): Promise<Result<'headers'>> {
    const headers = await this.#call('headers', {}, options);
    return headers ?? {};
  }

  /**
   * A fresh `Authorization` value (T3); `undefined` where no credential is served. Concurrent
   * calls share one refresh.
   */
  refreshToken(): Promise<Result<'refreshToken'> | undefined> {
    return this.#refresh();
  }

  /** Mints the HttpOnly session cookie natively (T4); `undefined` where not allowed. */
  establishSession(request: Request<'establishSession'> = {}, options?: CallOptions): Promise<Result<'establishSession'> | undefined> {
    return this.#call('establishSession', request, options);
  }

  /**
   * Calls one of the app's own capabilities (X1); `undefined` when the host does not know it.
   * Type it with the map generated from the app's Swift definitions. Bytes may stand for any
   * value (B1): a `Uint8Array`, an `ArrayBuffer` or any view of one; bytes in the answer arrive
   * as a new `Uint8Array`.
   *
   * @example
   * const receipt = await bridge.request<AppCapabilities, 'purchase'>('purchase', { sku: 'plus' });
   * const thumbnail = await bridge.request('thumbnail', { image: await file.arrayBuffer() });
   */
  request<Map = Record<string, { request: Record<string, unknown>; result: unknown }>, K extends keyof Map & string = keyof Map & string>(
    type: K,
    fields?: Fields<Map, K, Record<string, unknown>>,
    options?: CallOptions,
  ): Promise<(Map[K] extends { result: infer R } ? R : unknown) | undefined> {
    return this.#send({ ...(fields as object), type }, options) as Promise<(Map[K] extends { result: infer R } ? R : unknown) | undefined>;
  }

  /**
   * Reads one of the app's streaming capabilities (ST1–ST5): an async iterator over the values
   * the host yields, in order. `break` (or `return()`) and the `signal` cancel it on the host; a
   * stream that fails or times out throws a `BridgeError`; with no host (or a type the host does
   * not serve this frame) it ends without values. Type it with the map generated from the app's
   * Swift definitions (X6), where a stream's entry is `{ request; stream }`.
   *
   * The `timeout` option bounds only the opening call, the host's `{ stream, window }` answer,
   * not the stream's values: the capability's deadline on the host bounds the wait for each value
   * (ST4), so a stream may run for as long as its values keep coming.
   *
   * @example
   * for await (const progress of bridge.stream<AppCapabilities, 'download'>('download', { url }, { signal })) {
   *   bar.value = progress.bytes;
   * }
   */
  stream<Map = Record<string, { request: Record<string, unknown>; stream: unknown }>, K extends keyof Map & string = keyof Map & string>(
    type: K,
    fields?: Fields<Map, K, Record<string, unknown>>,
    options?: CallOptions,
  ): BridgeStream<Map[K] extends { stream: infer V } ? V : unknown> {
    return this.#streams.open(type, (fields ?? {}) as object, options);
  }

  /**
   * Listens to a native event (X3); events sent before the first listener are delivered too.
   * Returns a function that stops listening. The host's own events (`host.ready`,
   * `host.background`, `host.foreground`) are typed by the generated `BuiltInEvents`; type the
   * app's events with the map generated from its Swift declarations (X6).
   *
   * @example
   * bridge.on('host.foreground', () => refresh());
   * bridge.on<AppEvents, 'cart.changed'>('cart.changed', (cart) => showBadge(cart.count));
   */
  on<Map = Record<string, unknown>, K extends keyof Events<Map> & string = keyof Events<Map> & string>(
    event: K,
    listener: (data: Events<Map>[K]) => void,
  ): () => void {
    return this.#events.on(event, listener as EventListener);
  }

  /**
   * Answers native calls named `name` (X4) with a value or a promise of one. Returns a function
   * that removes the handler. Type it with the map generated from the app's Swift declarations
   * (X6): the handler then gets typed arguments and must return the typed result.
   *
   * @example
   * bridge.handle('confirmLeave', async () => confirm('Discard your draft?'));
   * bridge.handle<AppNativeCalls, 'confirmLeave'>('confirmLeave', (draft) => confirm(`Discard ${draft.words} words?`));
   */
  handle<Map = Record<string, { arguments: unknown; result: unknown }>, K extends keyof Map & string = keyof Map & string>(
    name: K,
    handler: (args: CallArguments<Map, K>) => CallResult<Map, K>,
  ): () => void {
    return this.#handlers.handle(name, handler as CallHandler);
  }

  /** A built-in capability's call, typed by the generated `BuiltInCapabilities`. */
  #call<K extends keyof BuiltInCapabilities>(type: K, fields: Request<K>, options?: CallOptions): Promise<Result<K> | undefined> {
    return this.#send({ ...fields, type }, options) as Promise<Result<K> | undefined>;
  }

  #isMainFrame(): boolean {
    const top = this.#window.top;
    return top === undefined || top === this.#window;
  }

  #send(message: object, options?: CallOptions): Promise<unknown> {
    return invoke(findChannel(this.#window, this.#channelName), message, options);
  }
}
