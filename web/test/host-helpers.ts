import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { TEXT } from '../host/relay/relay-events.js';

/** A fake frame's `window`: an EventTarget whose `top` is the top frame's (itself in the top frame). */
export type FakeWindow = EventTarget & { top: FakeWindow; [name: string]: any };

/** A fake top window. */
export function topWindow(extra: Record<string, unknown> = {}): FakeWindow {
  const window = Object.assign(new EventTarget(), extra) as FakeWindow;
  window.top = window;
  return window;
}

/** A fake sub-frame of `top`. */
export function subFrame(top: FakeWindow, extra: Record<string, unknown> = {}): FakeWindow {
  return Object.assign(new EventTarget(), extra, { top }) as FakeWindow;
}

/**
 * What a page's library may put on `Object.prototype` after the host scripts ran: a `toJSON`
 * answering `{ type: 'nope' }` for every object and array, and setters for `id`, `length` and
 * `message` that keep what is assigned to them (`assigned`). `restore()` takes them away.
 */
export function pollutingPrototypes(): { assigned: unknown[]; restore(): void } {
  const assigned: unknown[] = [];
  const prototype = Object.prototype as Record<string, unknown>;
  const setters = ['id', 'length', 'message'];
  Object.defineProperty(prototype, 'toJSON', { value: () => ({ type: 'nope' }), writable: true, configurable: true });
  for (const name of setters) Object.defineProperty(prototype, name, { set: (value: unknown) => void assigned.push(value), configurable: true });
  return {
    assigned,
    restore() {
      for (const name of ['toJSON', ...setters]) delete prototype[name];
    },
  };
}

/** The built text of a host script (`dist/host/<path>`), exactly what Swift embeds. */
export function hostScript(path: string): string {
  return readFileSync(new URL(`../../host/${path}`, import.meta.url), 'utf8');
}

/** Runs a built host script in `window` with `configuration`, as a host runs it. */
export function runHostScript(path: string, window: object, configuration: unknown): void {
  // The configuration goes through JSON, as the host's `invocation` writes it.
  new Function('window', `return ${hostScript(path)}`)(window)(JSON.parse(JSON.stringify(configuration)));
}

/** A relay's notices (`relay/document-relay.ts`): its document began, or came back from the back-forward cache. */
export const BEGAN = '^';
export const RESTORED = '~';

/** A relayed text read as the core's `RelayedText` reads it. */
export function readRelayed(text: string) {
  const match = /^(\d+)(?:@([^\n]*)\n([^\n]*)\n)?([:#^~]?)([\s\S]*)$/.exec(text);
  assert.ok(match, `not a relayed text: ${text}`);
  const [, token, origin, url, mark, body] = match;
  return { token, facts: origin === undefined ? undefined : { origin, url }, mark, body };
}

/**
 * A relay's handler: a fake host that records what it gets (notices apart), reads each message
 * from its JSON text, answers through `answer`, and replies with the answer's JSON text, as the
 * Swift adapters do.
 */
export function relayHandler(answer: (message: any) => unknown) {
  const posted: ReturnType<typeof readRelayed>[] = [];
  const notices: ReturnType<typeof readRelayed>[] = [];
  const handler = {
    postMessage(text: string) {
      const relayed = readRelayed(text);
      if (relayed.mark === BEGAN || relayed.mark === RESTORED) {
        notices.push(relayed);
        return Promise.resolve(undefined);
      }
      posted.push(relayed);
      const message = relayed.mark === TEXT ? JSON.parse(relayed.body) : undefined;
      return new Promise((resolve) => resolve(answer(message))).then((value) => (value === undefined ? undefined : JSON.stringify(value)));
    },
  };
  return { handler, posted, notices };
}
