import type { BridgeWindow } from './channel.js';
import { assertCloneable } from './cloneable.js';
import { NATIVE_EVENT, REPLY_TYPE } from './protocol.js';
import type { NativeCallDelivery, NativeCallReply, NativeDelivery } from './protocol.js';

/** Answers a native call: a value, or a promise of one (X4). */
export type CallHandler = (args: unknown) => unknown;

/**
 * The page's handlers for native-to-web calls (X4): each call gets exactly one reply, with the
 * handler's value, its error message, or `unhandled` when no handler has that name.
 */
export class CallHandlers {
  readonly #handlers = new Map<string, CallHandler>();

  constructor(window: BridgeWindow, reply: (message: NativeCallReply) => void) {
    window.addEventListener?.(NATIVE_EVENT, (event) => {
      const detail = (event as CustomEvent<NativeDelivery>).detail;
      if (detail?.kind === 'call') void this.#answer(detail, reply);
    });
  }

  /** Handles calls named `name`; returns a function that removes the handler. */
  handle(name: string, handler: CallHandler): () => void {
    this.#handlers.set(name, handler);
    return () => {
      if (this.#handlers.get(name) === handler) this.#handlers.delete(name);
    };
  }

  async #answer(call: NativeCallDelivery, reply: (message: NativeCallReply) => void) {
    const handler = this.#handlers.get(call.name);
    if (!handler) return reply({ type: REPLY_TYPE, id: call.id, unhandled: true });
    try {
      const value = await handler(call.args);
      assertCloneable(value);
      reply(value === undefined ? { type: REPLY_TYPE, id: call.id } : { type: REPLY_TYPE, id: call.id, value });
    } catch (error) {
      reply({ type: REPLY_TYPE, id: call.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
