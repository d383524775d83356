import { readFileSync } from 'node:fs';

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

/** The built text of a host script (`dist/host/<path>`), exactly what Swift embeds. */
export function hostScript(path: string): string {
  return readFileSync(new URL(`../../host/${path}`, import.meta.url), 'utf8');
}

/** Runs a built host script in `window` with `configuration`, as a host runs it. */
export function runHostScript(path: string, window: object, configuration: unknown): void {
  // The configuration goes through JSON, as the host's `invocation` writes it.
  new Function('window', `return ${hostScript(path)}`)(window)(JSON.parse(JSON.stringify(configuration)));
}
