import type { ConformanceReport } from './report.js';

/** Shows `report` in `document`: a summary line and one row per rule, failures with their reasons. */
export function renderReport(document: Document, report: ConformanceReport): void {
  const element = (tag: string, text = '', style = ''): HTMLElement => {
    const node = document.createElement(tag);
    node.textContent = text;
    if (style) node.setAttribute('style', style);
    return node;
  };
  const root = element('main', '', 'font: 14px system-ui, sans-serif; margin: 16px');
  const host = report.host.name ? `${report.host.name} ${report.host.version}, protocol ${report.host.protocol}` : `protocol ${report.host.protocol}`;
  root.append(
    element('h1', 'Today bridge conformance', 'font-size: 18px'),
    element('p', `${report.mode} page on ${report.platform}; host ${host}; kit ${report.kit}`),
    element('p', `${report.passed} passed, ${report.failed} failed`, `font-weight: bold; color: ${report.failed ? '#b00020' : '#1b5e20'}`),
  );
  const table = element('table', '', 'border-collapse: collapse');
  for (const rule of report.rules) {
    for (const [index, check] of rule.checks.entries()) {
      const row = element('tr', '', 'border-top: 1px solid #ddd');
      row.append(
        element('td', index === 0 ? rule.id : '', 'padding: 2px 8px; font-weight: bold'),
        element('td', check.passed ? 'pass' : 'fail', `padding: 2px 8px; color: ${check.passed ? '#1b5e20' : '#b00020'}`),
        element('td', check.title + (check.reason ? ` (${check.reason})` : ''), 'padding: 2px 8px'),
      );
      table.append(row);
    }
  }
  root.append(table);
  document.body.append(root);
}
