import type { InspectorConfiguration } from './configuration.generated.js';
import { renderInspector } from './render.js';

/**
 * The traffic inspector's page script: `today-bridge open --inspect` and `today-bridge inspect`
 * embed it, built, in a self-contained HTML page with the recording as its configuration (X5).
 *
 * @example (inspectorTimeline)(window, { title: 'Bridge traffic', header, records })
 */
export default function inspectorTimeline(window: Window, configuration: InspectorConfiguration): void {
  renderInspector(window.document, configuration);
}
