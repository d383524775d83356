// The demo web app: every capability through the web SDK, each step shown and reported.
(async () => {
  const { bridge, createBridgeFetch } = window.TodayBridge;
  const autoclose = new URLSearchParams(location.search).has('autoclose');
  const steps = document.getElementById('steps');
  const events = document.getElementById('events');
  document.getElementById('platform').textContent = bridge.platform;

  const show = (step, detail) => {
    const item = document.createElement('li');
    item.className = 'ok';
    item.innerHTML = `<b></b> <code></code>`;
    item.querySelector('b').textContent = step;
    item.querySelector('code').textContent = typeof detail === 'string' ? detail : JSON.stringify(detail);
    steps.appendChild(item);
    return fetch('/report/demo', { method: 'POST', body: JSON.stringify({ step, detail }) });
  };

  // Native events (X3): shown as they come.
  const foreground = new Promise((resolve) => {
    bridge.on('host.foreground', (data) => {
      if (events.querySelector('.muted')) events.innerHTML = '';
      const item = document.createElement('li');
      item.textContent = `host.foreground ${JSON.stringify(data)}`;
      events.appendChild(item);
      show('native event', { name: 'host.foreground', data }).then(resolve);
    });
  });

  await bridge.track('demo_opened', { screen: 'home' });
  await show('track', 'demo_opened sent; the host forwards it enriched');

  // bridgeFetch (W3): the first token is expired, so the API answers 401; one refresh, one retry.
  const seen = [];
  const loggingFetch = async (input, init) => {
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
  await show('device.info', await bridge.request('device.info', {}));

  await Promise.race([foreground, new Promise((resolve) => setTimeout(resolve, 5000))]);
  await show('done', 'every capability answered');
  if (autoclose) setTimeout(() => window.close(), 300);
})().catch((error) => {
  fetch('/report/demo', { method: 'POST', body: JSON.stringify({ step: 'error', detail: String(error) }) }).then(() => window.close());
});
