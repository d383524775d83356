import { assertCloneable } from './cloneable.js';
import type { Channel } from './channel.js';
import { BridgeError } from './errors.js';

/** Per-call options (W5). */
export interface CallOptions {
  /** Reject with a `'timeout'` BridgeError after this many milliseconds. */
  timeout?: number;
  /** Reject with a `'cancelled'` BridgeError when this signal aborts. */
  signal?: AbortSignal;
}

/**
 * Sends one message and settles exactly once (C5): with the host's answer, a rejection rebuilt
 * as a BridgeError, a TypeError for a message that cannot be cloned, or the caller's timeout or
 * abort, whichever comes first. With no channel, resolves `undefined` (W1). A message holding
 * bytes is posted with the hint `{ bytes: true }` (B1, `PostHint`).
 */
export function invoke(channel: Channel | undefined, message: unknown, options: CallOptions = {}): Promise<unknown> {
  let holdsBytes: boolean;
  try {
    holdsBytes = assertCloneable(message);
  } catch (error) {
    return Promise.reject(error);
  }
  if (!channel) return Promise.resolve(undefined);
  const { timeout, signal } = options;
  if (signal?.aborted) return Promise.reject(new BridgeError('cancelled', 'the call was aborted'));
  return new Promise((resolve, reject) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => finish(() => reject(new BridgeError('cancelled', 'the call was aborted')));
    function finish(settle: () => void) {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      settle();
    }
    if (timeout !== undefined) {
      timer = setTimeout(() => finish(() => reject(new BridgeError('timeout', `no answer within ${timeout} ms`))), timeout);
    }
    signal?.addEventListener('abort', onAbort);
    let sent: Promise<unknown>;
    try {
      // The hint only with bytes (B1): a message without them is posted as it always was.
      sent = holdsBytes ? channel.postMessage(message, { bytes: true }) : channel.postMessage(message);
    } catch (error) {
      finish(() => reject(error instanceof TypeError ? error : BridgeError.fromRejection(error)));
      return;
    }
    Promise.resolve(sent).then(
      (value) => finish(() => resolve(value)),
      (reason) => finish(() => reject(reason instanceof TypeError ? reason : BridgeError.fromRejection(reason))),
    );
  });
}
