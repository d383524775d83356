// Shared by the navigation pages: what a page of the journey keeps across its documents (this
// origin's sessionStorage, which survives navigations and reloads), and the channel's ways.
window.NAV = {
  engine: new URLSearchParams(location.search).get('engine') || 'unknown',
  load() {
    return JSON.parse(sessionStorage.getItem('nav-journey') || '{"step":0,"records":{}}');
  },
  save(state) {
    sessionStorage.setItem('nav-journey', JSON.stringify(state));
  },
  /** Records `value` under `name` for the report. */
  record(name, value) {
    const state = this.load();
    state.records[name] = value === undefined ? { undefined: true } : value;
    this.save(state);
  },
  /**
   * What `promise` settled with, or `pending` when it did not within `ms`: the bound of a failure
   * only (a call left pending), long enough for a loaded machine.
   */
  async outcome(promise, ms = 10000) {
    const timeout = new Promise((resolve) => setTimeout(() => resolve({ pending: true }), ms));
    const settled = promise.then(
      (value) => ({ value: value === undefined ? { undefined: true } : value }),
      (error) => ({ rejected: error && error.name, code: error && error.code, message: String(error && error.message) }),
    );
    return Promise.race([settled, timeout]);
  },
  /** The page's channel, as the SDK finds it (C1). */
  channel(window) {
    return window.webkit && window.webkit.messageHandlers.todayWebViewBridge || window.todayWebViewBridge;
  },
  /** Whether this document came back from the back-forward cache. */
  restored(event) {
    return Boolean(event && event.persisted);
  },
  /** Reports everything recorded to the test server, then asks the app to close the view. */
  async finish(name) {
    await fetch('/report/' + name + '-' + this.engine, { method: 'POST', body: JSON.stringify(this.load().records) });
    sessionStorage.removeItem('nav-journey');
    await window.TodayBridge.bridge.request('closeView');
  },
  wait(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
  },
};
