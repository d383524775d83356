import type { BridgeWindow } from './channel.js';
import { BridgeError } from './errors.js';
import type { CallOptions } from './invoke.js';
import { NATIVE_EVENT, STREAM_ACK_TYPE, STREAM_CANCEL_TYPE, STREAM_FIELD } from './protocol.js';
import type { NativeDelivery, StreamAckMessage, StreamCancelMessage, StreamEndDelivery, StreamOpened } from './protocol.js';

/** Sends one message to the host and settles with its answer (the SDK's `invoke`). */
type Send = (message: object, options?: CallOptions) => Promise<unknown>;

/**
 * The page's side of one stream (ST1–ST5): an async iterator over the host's values, in order.
 * It opens the stream on the first `next()`, acknowledges each value the page takes (ST3), and
 * ends exactly once: done when the host's sequence finished (or no host answers, W1), a
 * `BridgeError` when it failed or timed out, `cancelled` when the call's `AbortSignal` aborts or
 * the page comes back from the back-forward cache; `break` or `return()` cancels it on the host
 * (ST4). After its end, `next()` resolves done.
 */
export class BridgeStream<T> implements AsyncIterableIterator<T> {
  readonly #id: string;
  readonly #message: object;
  readonly #options: CallOptions;
  readonly #send: Send;
  readonly #forget: () => void;
  readonly #values: T[] = [];
  readonly #waiting: { resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void }[] = [];
  #state: 'idle' | 'opening' | 'open' | 'ended' = 'idle';
  #end: BridgeError | undefined;
  #nextSeq = 0;
  #window = 1;
  #unacknowledged = 0;

  constructor(id: string, message: object, options: CallOptions, send: Send, forget: () => void) {
    this.#id = id;
    this.#message = { ...message, [STREAM_FIELD]: id };
    this.#options = options;
    this.#send = send;
    this.#forget = forget;
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }

  next(): Promise<IteratorResult<T>> {
    if (this.#state === 'idle') this.#open();
    if (this.#values.length > 0) {
      const value = this.#values.shift() as T;
      this.#consumed();
      return Promise.resolve({ value, done: false });
    }
    if (this.#state === 'ended') return this.#takeEnd();
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  /** Ends the stream from the page (`break` in `for await`): cancelled on the host (ST4). */
  return(): Promise<IteratorResult<T>> {
    this.#cancel(undefined);
    return Promise.resolve({ value: undefined, done: true });
  }

  /** Values from the host, the first numbered `seq` (ST2); ignored out of order or after the end. */
  receive(detail: NativeDelivery) {
    if (this.#state === 'ended') return;
    if (detail.kind === 'streamValues') {
      if (detail.seq !== this.#nextSeq || !Array.isArray(detail.values)) return;
      this.#nextSeq += detail.values.length;
      for (const value of detail.values) {
        const waiter = this.#waiting.shift();
        if (waiter) {
          waiter.resolve({ value: value as T, done: false });
          this.#consumed();
        } else {
          this.#values.push(value as T);
        }
      }
    } else if (detail.kind === 'streamEnd') {
      this.#finish(endError(detail));
    }
  }

  /** The page was restored from the back-forward cache: the host ended the stream with its document (ST5). */
  documentGone() {
    this.#finish(new BridgeError('cancelled', 'the page was restored; its streams ended', true));
  }

  #open() {
    const { signal } = this.#options;
    if (signal?.aborted) {
      this.#finish(new BridgeError('cancelled', 'the stream was aborted'));
      return;
    }
    this.#state = 'opening';
    signal?.addEventListener('abort', () => this.#cancel(new BridgeError('cancelled', 'the stream was aborted')), { once: true });
    this.#send(this.#message, { timeout: this.#options.timeout }).then(
      (answer) => {
        if (this.#state === 'ended') return;
        const opened = answer as StreamOpened | undefined;
        if (!opened || typeof opened !== 'object' || opened.stream !== this.#id) {
          this.#finish(undefined); // No host, an unknown type or a frame it does not serve: no values (W1).
          return;
        }
        this.#state = 'open';
        this.#window = Math.max(1, opened.window);
        this.#acknowledge();
      },
      (error) => {
        const failure = error instanceof BridgeError ? error : BridgeError.fromRejection(error);
        // The opening timed out here, not on the host: a stream it opens after all is cancelled (ST4).
        if (failure.code === 'timeout') this.#cancel(failure);
        else this.#finish(failure);
      },
    );
  }

  /**
   * The page took one value: acknowledged once half the window was taken (ST3). The host still
   * has the other half to send meanwhile, so a page that reads as fast as values come never
   * stalls it, and acknowledges once per half window, not once per value.
   */
  #consumed() {
    this.#unacknowledged += 1;
    this.#acknowledge();
  }

  #acknowledge() {
    if (this.#state !== 'open' || this.#unacknowledged < Math.ceil(this.#window / 2)) return;
    const message: StreamAckMessage = { type: STREAM_ACK_TYPE, stream: this.#id, count: this.#unacknowledged };
    this.#unacknowledged = 0;
    this.#send(message).catch(() => undefined);
  }

  #cancel(error: BridgeError | undefined) {
    if (this.#state === 'ended') return;
    const wasOpen = this.#state !== 'idle';
    this.#values.length = 0;
    this.#finish(error);
    if (wasOpen) {
      const message: StreamCancelMessage = { type: STREAM_CANCEL_TYPE, stream: this.#id };
      this.#send(message).catch(() => undefined);
    }
  }

  /** The one end (ST5): waiting `next()` calls settle; values already received are still read first. */
  #finish(error: BridgeError | undefined) {
    if (this.#state === 'ended') return;
    this.#state = 'ended';
    this.#end = error;
    this.#forget();
    for (const waiter of this.#waiting.splice(0)) {
      const end = this.#end;
      this.#end = undefined;
      if (end) waiter.reject(end);
      else waiter.resolve({ value: undefined, done: true });
    }
  }

  #takeEnd(): Promise<IteratorResult<T>> {
    const end = this.#end;
    this.#end = undefined;
    return end ? Promise.reject(end) : Promise.resolve({ value: undefined, done: true });
  }
}

/** The error a stream's end carries; `undefined` when it finished. */
function endError(detail: StreamEndDelivery): BridgeError | undefined {
  if (detail.end === 'finished') return undefined;
  const error = detail.error;
  return new BridgeError(error?.code ?? detail.end, error?.message ?? `the stream ended: ${detail.end}`, error?.recoverable ?? false);
}

/**
 * The page's open streams, by id (ST1): routes the host's stream deliveries to them, and ends
 * them all when the page comes back from the back-forward cache, as the host ended them when it
 * left (ST5).
 */
export class StreamHub {
  readonly #streams = new Map<string, BridgeStream<unknown>>();
  readonly #send: Send;
  readonly #base = Math.random().toString(36).slice(2, 10);
  #next = 0;

  constructor(window: BridgeWindow, send: Send) {
    this.#send = send;
    window.addEventListener?.(NATIVE_EVENT, (event) => {
      const detail = (event as CustomEvent<NativeDelivery>).detail;
      if (detail?.kind === 'streamValues' || detail?.kind === 'streamEnd') this.#streams.get(detail.stream)?.receive(detail);
    });
    window.addEventListener?.('pageshow', (event) => {
      if (!(event as PageTransitionEvent).persisted) return;
      for (const stream of [...this.#streams.values()]) stream.documentGone();
    });
  }

  /** A stream of `type` with `fields`, opened on its first `next()`. */
  open<T>(type: string, fields: object, options: CallOptions = {}): BridgeStream<T> {
    this.#next += 1;
    const id = `${this.#base}-${this.#next}`;
    const stream: BridgeStream<T> = new BridgeStream<T>(id, { ...fields, type }, options, this.#send, () => {
      this.#streams.delete(id);
    });
    this.#streams.set(id, stream as BridgeStream<unknown>);
    return stream;
  }
}
