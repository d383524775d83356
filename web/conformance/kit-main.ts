// The kit page's script (`conformance/kit.js`): runs the kit with the page's options; if it cannot
// run at all, says so in the page and in its report.
import { optionsElementId, readOptions, runConformance } from './kit.js';
import type { ConformanceOptions } from './kit.js';

void (async () => {
  const scope = window as unknown as { todayConformance?: unknown };
  let options: ConformanceOptions = {};
  try {
    options = readOptions(document.getElementById(optionsElementId)?.textContent, location.search);
    await runConformance(options);
  } catch (error) {
    const crashed = String((error as Error)?.stack ?? error);
    document.body.append(`The conformance kit could not run: ${crashed}`);
    scope.todayConformance = { crashed };
    if (options.report) await fetch(options.report, { method: 'POST', body: JSON.stringify({ crashed }) }).catch(() => undefined);
    if (options.close) window.close();
  }
})();
