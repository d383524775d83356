// Shared by the end-to-end pages: run checks, report them to the test server, close the page.
window.E2E = {
  results: {},
  record(name, value) {
    this.results[name] = value === undefined ? { undefined: true } : value;
  },
  async capture(name, promise) {
    try {
      this.record(name, await promise);
    } catch (error) {
      this.record(name, { rejected: error && error.name, code: error && error.code, message: String(error && error.message) });
    }
  },
  async report(name) {
    await fetch('/report/' + name, { method: 'POST', body: JSON.stringify(this.results) });
  },
  async finish(name) {
    await this.report(name);
    window.close();
  },
  /** Loads a frame that reports its own results by postMessage. */
  frame(attributes) {
    return new Promise((resolve) => {
      const frame = document.createElement('iframe');
      Object.assign(frame, attributes);
      const onMessage = (event) => {
        if (event.source !== frame.contentWindow || !event.data || !event.data.frameResults) return;
        window.removeEventListener('message', onMessage);
        resolve(event.data.frameResults);
      };
      window.addEventListener('message', onMessage);
      document.body.appendChild(frame);
    });
  },
};
