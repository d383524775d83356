// The demo web app: every capability through the web SDK, each step shown and reported. Its
// bridge types come from the demo's Swift definitions (demo-bridge.generated.ts, X6); the SDK
// itself is the packed script bundle, window.TodayBridge.
import type { bridge as Bridge, createBridgeFetch as CreateBridgeFetch } from '../src/index.js';
import type { DemoCapabilities, DemoEvents, DemoNativeCalls } from './demo-bridge.generated.js';

declare global {
  interface Window {
    /** What the packed `today-bridge.js` bundle exposes. */
    TodayBridge: { bridge: typeof Bridge; createBridgeFetch: typeof CreateBridgeFetch };
  }
}

const report = (step: string, detail: unknown) => fetch('/report/demo', { method: 'POST', body: JSON.stringify({ step, detail }) });

const element = (id: string) => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found;
};

(async () => {
  const { bridge, createBridgeFetch } = window.TodayBridge;
  const autoclose = new URLSearchParams(location.search).has('autoclose');
  const steps = element('steps');
  const events = element('events');
  element('platform').textContent = bridge.platform;
  let lastStep: string | undefined;

  const show = (step: string, detail: unknown) => {
    const item = document.createElement('li');
    item.className = 'ok';
    const name = item.appendChild(document.createElement('b'));
    name.textContent = step;
    item.append(' ');
    item.appendChild(document.createElement('code')).textContent = typeof detail === 'string' ? detail : JSON.stringify(detail);
    steps.appendChild(item);
    lastStep = step;
    return report(step, detail);
  };

  const showEvent = (text: string) => {
    if (events.querySelector('.muted')) events.innerHTML = '';
    events.appendChild(document.createElement('li')).textContent = text;
  };

  // A native call (X4), typed by the generated map: the host asks how far the page got.
  bridge.handle<DemoNativeCalls, 'demo.progress'>('demo.progress', (query) => {
    void report('native call', { name: 'demo.progress', askedBy: query.askedBy });
    return { steps: steps.childElementCount, lastStep };
  });

  // Native events (X3): the app's own, typed by the generated map, and the host's own.
  bridge.on<DemoEvents, 'demo.notice'>('demo.notice', (notice) => {
    showEvent(`demo.notice (${notice.level}) ${notice.text}`);
    void show('native event', { name: 'demo.notice', data: notice });
  });
  const foreground = new Promise((resolve) => {
    bridge.on('host.foreground', (data) => {
      showEvent('host.foreground');
      show('native event', { name: 'host.foreground', data }).then(resolve);
    });
  });

  await bridge.track('demo_opened', { screen: 'home' });
  await show('track', 'demo_opened sent; the host forwards it enriched');

  // bridgeFetch (W3): the first token is expired, so the API answers 401; one refresh, one retry.
  const seen: number[] = [];
  const loggingFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await fetch(input, init);
    seen.push(response.status);
    return response;
  };
  const bridgeFetch = createBridgeFetch(bridge, loggingFetch);
  const me = await bridgeFetch('/api/me');
  await show('bridgeFetch /api/me', { statuses: seen, body: await me.json() });

  // establishSession (T4): an HttpOnly cookie minted natively; the page never sees the bearer.
  const session = await bridge.establishSession();
  const withCookie = await fetch('/api/me');
  await show('establishSession', { session, cookieVisibleToPage: document.cookie.includes('embed_bearer'), api: await withCookie.json() });

  // A custom capability (X1), typed from the Swift definition.
  const device = await bridge.request<DemoCapabilities, 'device.info'>('device.info', {});
  await show('device.info', device);

  await Promise.race([foreground, new Promise((resolve) => setTimeout(resolve, 5000))]);
  await show('done', 'every capability answered');
  if (autoclose) setTimeout(() => window.close(), 300);
})().catch((error) => {
  report('error', String(error)).then(() => window.close());
});
