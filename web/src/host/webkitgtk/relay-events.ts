/*
 * The DOM events between WebKitGTK's page-world channel (`channel.ts`) and its isolated-world
 * relay (`relay.ts`), both in the top frame. WebKit clones an event's `detail` across worlds and
 * dispatches it synchronously. Internal to these two scripts: the host never sees them.
 */

/** Channel to relay: a `RelayRequest`. */
export const RELAY_REQUEST_EVENT = 'todaywebviewbridge:relay-request';

/** Relay to channel: a `RelayReply`. */
export const RELAY_REPLY_EVENT = 'todaywebviewbridge:relay-reply';

/**
 * One message of the main frame, numbered by the channel, as JSON text (absent: `undefined`); a
 * message longer than the host accepts comes as its length alone.
 */
export interface RelayRequest {
  id: number;
  json?: string;
  jsonLength?: number;
}

/** The host's answer to the request with the same id: its value as JSON text (absent: `undefined`), or the reason. */
export type RelayReply = { id: number; ok: true; json?: string } | { id: number; ok: false; error: string };

/** The parts of `window` both scripts use. */
export interface WebKitGTKWindow extends EventTarget {
  readonly top: unknown;
  webkit?: { messageHandlers?: Record<string, { postMessage(message: unknown): unknown } | undefined> };
}
