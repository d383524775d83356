// Runs inside a sub-frame: calls all four capabilities and asks what the host offers (D1) on the
// raw channel, and reports to the parent.
(async () => {
  const results = { hasChannel: false };
  const channel = window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers.todayWebViewBridge
    || window.todayWebViewBridge;
  const call = async (message) => {
    try {
      const value = await channel.postMessage(message);
      return value === undefined ? 'undefined' : value;
    } catch (error) {
      return 'rejected: ' + error.message;
    }
  };
  if (channel) {
    results.hasChannel = true;
    results.headers = await call({ type: 'headers' });
    results.refreshToken = await call({ type: 'refreshToken' });
    results.establishSession = await call({ type: 'establishSession' });
    results.track = await call({ type: 'track', ename: 'frame_event', parameters: { where: location.origin || 'srcdoc' } });
    results.hello = await call({ type: '__today.hello', protocol: 2 });
  }
  results.platformTag = window.__todayWebView ? window.__todayWebView.platform : 'none';
  parent.postMessage({ frameResults: results }, '*');
})();
