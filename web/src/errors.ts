import { ERROR_PREFIX } from './protocol.js';
import type { BridgeErrorCode, WireError } from './protocol.js';

/**
 * A rejection from the host, with a stable `code` to switch on (W4, X2).
 *
 * @example
 * try { await bridge.request('purchase', { sku }); }
 * catch (error) { if (error instanceof BridgeError && error.code === 'cancelled') return; }
 */
export class BridgeError extends Error {
  /** A built-in code (`'failed'`, `'timeout'`, ...) or one the app's capability defines. */
  readonly code: BridgeErrorCode | (string & {});
  /** Whether trying again may succeed. */
  readonly recoverable: boolean;

  constructor(code: string, message: string, recoverable = false) {
    super(message);
    this.name = 'BridgeError';
    this.code = code;
    this.recoverable = recoverable;
  }

  /**
   * Rebuilds the host's rejection: a `TodayBridgeError:{json}` reason, a plain string (code
   * `'failed'`), or an `Error` whose message is either (WebKit wraps reasons in an `Error`).
   */
  static fromRejection(reason: unknown): BridgeError {
    if (reason instanceof BridgeError) return reason;
    const text = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : String(reason);
    if (!text.startsWith(ERROR_PREFIX)) return new BridgeError('failed', text);
    try {
      // A `WireError`, as far as the text can be trusted to be one.
      const body = JSON.parse(text.slice(ERROR_PREFIX.length)) as { [Field in keyof WireError]?: unknown } | null;
      if (body && typeof body.code === 'string' && typeof body.message === 'string') {
        return new BridgeError(body.code, body.message, body.recoverable === true);
      }
    } catch {
      // Not JSON after the prefix: keep the text as the message.
    }
    return new BridgeError('failed', text);
  }
}
