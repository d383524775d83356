import type { BridgeWindow } from './channel.js';
import { NATIVE_EVENT, SUBSCRIBE_TYPE } from './protocol.js';
import type { NativeDelivery, SubscribeMessage } from './protocol.js';

/** Receives a native event's data. */
export type EventListener = (data: unknown) => void;

/**
 * Native-to-web events by name (X3). The first listener for a name subscribes on the host, which
 * answers with the events it kept for that name; they are delivered before live ones. A page the
 * back-forward cache restores (`pageshow` with `persisted`) is a document the host starts afresh
 * (S4): every name with listeners subscribes again.
 */
export class EventHub {
  readonly #listeners = new Map<string, Set<EventListener>>();
  readonly #subscribe: (name: string) => Promise<unknown>;

  constructor(window: BridgeWindow, subscribe: (name: string) => Promise<unknown>) {
    this.#subscribe = subscribe;
    window.addEventListener?.(NATIVE_EVENT, (event) => {
      const detail = (event as CustomEvent<NativeDelivery>).detail;
      if (detail?.kind === 'event') this.#deliver(detail.data, this.#listeners.get(detail.name));
    });
    window.addEventListener?.('pageshow', (event) => {
      if (!(event as PageTransitionEvent).persisted) return;
      for (const [name, listeners] of this.#listeners) if (listeners.size > 0) this.#subscribeTo(name);
    });
  }

  /** Calls `listener` with each event named `name`; returns a function that stops it. */
  on(name: string, listener: EventListener): () => void {
    let listeners = this.#listeners.get(name);
    const first = !listeners;
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(name, listeners);
    }
    listeners.add(listener);
    if (first) this.#subscribeTo(name);
    return () => {
      listeners?.delete(listener);
    };
  }

  /** Subscribes to `name` on the host and delivers the backlog it answers with. */
  #subscribeTo(name: string) {
    this.#subscribe(name).then(
      (backlog) => {
        if (Array.isArray(backlog)) for (const data of backlog) this.#deliver(data, this.#listeners.get(name));
      },
      () => undefined,
    );
  }

  #deliver(data: unknown, listeners: Set<EventListener> | undefined) {
    for (const listener of [...(listeners ?? [])]) {
      try {
        listener(data);
      } catch (error) {
        // One failing listener must not keep the event from the others; the error is reported.
        reportListenerError(error);
      }
    }
  }
}

/** The message that subscribes to `name`. */
export function subscribeMessage(name: string): SubscribeMessage {
  return { type: SUBSCRIBE_TYPE, event: name };
}

function reportListenerError(error: unknown) {
  const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
  if (report) report(error);
  else console.error(error);
}
