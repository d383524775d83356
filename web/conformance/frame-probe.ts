/** What a sub-frame saw, as strings: `'undefined'`, the JSON of a value, or `'rejected: …'`. */
export interface FrameProbe {
  /** How the frame was made: `cross-origin`, `srcdoc` or `sandboxed`. */
  kind: string;
  hasChannel: boolean;
  platformTag: string;
  answers: Record<string, string>;
}

/** The messages a sub-frame sends on the raw channel, by name. */
export const FRAME_MESSAGES: Record<string, unknown> = {
  headers: { type: 'headers' },
  refreshToken: { type: 'refreshToken' },
  establishSession: { type: 'establishSession' },
  track: { type: 'track', ename: 'conformance_frame' },
  echo: { type: 'conformance.echo', from: 'frame' },
  mainFrame: { type: 'conformance.mainFrame' },
  trusted: { type: 'conformance.trusted' },
  forgedMainFrame: { type: 'headers', isMainFrame: true, frame: 'main', origin: 'https://trusted.example' },
  subscribe: { type: '__today.subscribe', event: 'host.ready' },
  hello: { type: '__today.hello', protocol: 2 },
};

/**
 * Runs in a sub-frame (S1, C7, C8, D1): sends {@link FRAME_MESSAGES} on the raw channel and posts
 * what it saw to the parent as `{ conformanceFrame: FrameProbe }`.
 *
 * Self-contained, with the messages passed in: the kit also runs it as the source text of a
 * `srcdoc` frame (`probeFrame.toString()`).
 */
export async function probeFrame(kind: string, messages: Record<string, unknown>): Promise<void> {
  const scope = window as unknown as {
    webkit?: { messageHandlers?: Record<string, { postMessage(message: unknown): Promise<unknown> } | undefined> };
    todayWebViewBridge?: { postMessage(message: unknown): Promise<unknown> };
    __todayWebView?: { platform?: string };
  };
  const channel = scope.webkit?.messageHandlers?.todayWebViewBridge ?? scope.todayWebViewBridge;
  const probe = { kind, hasChannel: channel !== undefined, platformTag: scope.__todayWebView?.platform ?? 'none', answers: {} as Record<string, string> };
  if (channel) {
    for (const [name, message] of Object.entries(messages)) {
      try {
        const value = await channel.postMessage(message);
        probe.answers[name] = value === undefined ? 'undefined' : JSON.stringify(value);
      } catch (error) {
        probe.answers[name] = 'rejected: ' + String((error as Error)?.message ?? error);
      }
    }
  }
  parent.postMessage({ conformanceFrame: probe }, '*');
}
