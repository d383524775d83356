import type { InspectorConfiguration, TrafficRecord } from './configuration.generated.js';
import { applyFilter, CATEGORIES, categoryOf, details, formatMs, layoutLanes, spanOf, summary, ticks, timeMap, typeCounts, typeOf } from './model.js';
import type { Filter } from './model.js';
import { INSPECTOR_STYLE } from './style.js';

/** Pixels per lane row, the narrowest a bar is drawn, and the idle time drawn in full. */
const ROW_HEIGHT = 20;
const MINIMUM_BAR_PIXELS = 6;
const MAX_GAP_MS = 50;

/** What the page shows now: the filter, the zoom, whether idle gaps are cut, the selected record. */
interface View {
  filter: { frames: Set<string>; types: Set<string> };
  zoom: number;
  compress: boolean;
  selected?: TrafficRecord;
}

/**
 * Builds the inspector page in `document`: a summary, the filters and zoom, the legend, the
 * timeline (one lane per web view and frame, a bar per record coloured by its category) and the
 * details of the bar clicked. Every text from the recording goes in as text, never as markup.
 */
export function renderInspector(document: Document, configuration: InspectorConfiguration): void {
  const records = configuration.records;
  const style = document.createElement('style');
  style.textContent = INSPECTOR_STYLE;
  document.head.append(style);
  document.title = configuration.title;

  const types = typeCounts(records);
  const view: View = { filter: { frames: new Set(['main', 'sub']), types: new Set(types.map(([type]) => type)) }, zoom: 1, compress: true };
  const timeline = element(document, 'div', 'timeline');
  const detailsPanel = element(document, 'section', 'details');
  const redraw = () => {
    drawTimeline(document, timeline, applyFilter(records, view.filter as Filter), view, redraw);
    drawDetails(document, detailsPanel, view.selected);
  };

  document.body.append(
    header(document, configuration),
    controls(document, view, types, redraw),
    legend(document, records),
    timeline,
    detailsPanel,
  );
  redraw();
}

function header(document: Document, configuration: InspectorConfiguration): HTMLElement {
  const { header: recording, records } = configuration;
  const section = element(document, 'header');
  section.append(element(document, 'h1', undefined, configuration.title));
  const dropped = recording.dropped > 0 ? `, ${recording.dropped} older dropped (capacity ${recording.capacity})` : '';
  const text = `Recording started ${recording.startedAt}: ${records.length} records over ${formatMs(spanOf(records))}${dropped}. Sizes, types and codes only: no bodies, no credentials.`;
  section.append(element(document, 'p', 'summary', text));
  return section;
}

function controls(document: Document, view: View, types: [string, number][], redraw: () => void): HTMLElement {
  const section = element(document, 'section', 'controls');
  const frames = fieldset(document, 'Frames');
  for (const [frame, label] of [['main', 'main frame'], ['sub', 'sub-frames']]) {
    frames.append(checkbox(document, label, 'frame', frame, view.filter.frames, redraw));
  }
  const typeSet = fieldset(document, 'Types');
  for (const [type, count] of types) typeSet.append(checkbox(document, `${type} (${count})`, 'type', type, view.filter.types, redraw));
  const zoom = fieldset(document, 'Zoom');
  for (const [label, factor] of [['−', 0.5], ['fit', 0], ['+', 2]] as const) {
    const button = element(document, 'button', undefined, label) as HTMLButtonElement;
    button.type = 'button';
    button.addEventListener('click', () => {
      view.zoom = factor === 0 ? 1 : Math.min(1024, Math.max(1, view.zoom * factor));
      redraw();
    });
    zoom.append(button);
  }
  const compress = element(document, 'label');
  const toggle = element(document, 'input') as HTMLInputElement;
  toggle.type = 'checkbox';
  toggle.name = 'compress';
  toggle.checked = view.compress;
  toggle.addEventListener('change', () => {
    view.compress = toggle.checked;
    redraw();
  });
  compress.append(toggle, document.createTextNode(` cut idle gaps over ${MAX_GAP_MS} ms`));
  zoom.append(compress);
  section.append(frames, typeSet, zoom);
  return section;
}

function legend(document: Document, records: readonly TrafficRecord[]): HTMLElement {
  const section = element(document, 'section', 'legend');
  const counts = new Map<string, number>();
  for (const record of records) counts.set(categoryOf(record), (counts.get(categoryOf(record)) ?? 0) + 1);
  for (const { category, label, colour } of CATEGORIES) {
    const entry = element(document, 'span');
    entry.dataset.category = category;
    const swatch = element(document, 'i');
    swatch.style.background = colour;
    entry.append(swatch, document.createTextNode(`${label} (${counts.get(category) ?? 0})`));
    section.append(entry);
  }
  const native = element(document, 'span', undefined, 'dashed border: native → page');
  section.append(native);
  return section;
}

function drawTimeline(document: Document, timeline: HTMLElement, records: TrafficRecord[], view: View, redraw: () => void): void {
  timeline.replaceChildren();
  if (records.length === 0) {
    timeline.append(element(document, 'p', 'empty', 'No record passes the filters.'));
    return;
  }
  const time = timeMap(records, view.compress, MAX_GAP_MS);
  const width = Math.max(400, (document.documentElement.clientWidth || 1200) - 330) * view.zoom;
  const pixelsPerMs = width / time.span;
  const axis = element(document, 'div', 'axis');
  const axisTrack = track(document, width, time.breaks, pixelsPerMs);
  for (const tick of ticks(time.span, pixelsPerMs)) {
    const at = time.toRecording(tick);
    if (at === undefined) continue;
    const mark = element(document, 'span', 'tick', formatMs(at));
    mark.style.left = `${tick * pixelsPerMs}px`;
    axisTrack.append(mark);
  }
  axis.append(element(document, 'div', 'lane-label', 'time since recording began'), axisTrack);
  timeline.append(axis);
  const colours = new Map(CATEGORIES.map(({ category, colour }) => [category, colour]));
  for (const lane of layoutLanes(records, MINIMUM_BAR_PIXELS / pixelsPerMs, time.toDrawing)) {
    const row = element(document, 'div', 'lane');
    row.dataset.lane = lane.key;
    const bars = track(document, width, time.breaks, pixelsPerMs);
    bars.style.height = `${lane.rows * ROW_HEIGHT + 4}px`;
    for (const { record, row: index } of lane.bars) {
      const bar = element(document, 'div', record.kind === 'pageMessage' ? 'bar' : 'bar native');
      const barWidth = Math.max(MINIMUM_BAR_PIXELS, record.duration * pixelsPerMs);
      bar.style.left = `${time.toDrawing(record.start) * pixelsPerMs}px`;
      bar.style.top = `${index * ROW_HEIGHT + 2}px`;
      bar.style.width = `${barWidth}px`;
      bar.style.background = colours.get(categoryOf(record)) ?? '#888';
      bar.dataset.category = categoryOf(record);
      bar.dataset.type = typeOf(record);
      bar.title = summary(record);
      if (barWidth > 40) bar.textContent = typeOf(record);
      if (record === view.selected) bar.classList.add('selected');
      bar.addEventListener('click', () => {
        view.selected = record;
        redraw();
      });
      bars.append(bar);
    }
    row.append(element(document, 'div', 'lane-label', lane.label), bars);
    timeline.append(row);
  }
}

/** A lane's (or the axis's) drawing area, with the cut idle gaps shown as hatched bands. */
function track(document: Document, width: number, breaks: { start: number; end: number; hiddenMs: number }[], pixelsPerMs: number): HTMLElement {
  const area = element(document, 'div', 'track');
  area.style.width = `${width + 60}px`;
  for (const cut of breaks) {
    const band = element(document, 'div', 'break');
    band.style.left = `${cut.start * pixelsPerMs}px`;
    band.style.width = `${Math.max(4, (cut.end - cut.start) * pixelsPerMs)}px`;
    band.title = `${formatMs(cut.hiddenMs)} with nothing in flight, cut short`;
    area.append(band);
  }
  return area;
}

function drawDetails(document: Document, panel: HTMLElement, record: TrafficRecord | undefined): void {
  panel.replaceChildren();
  if (!record) {
    panel.append(element(document, 'p', 'summary', 'Hover a bar for a summary; click it for its details.'));
    return;
  }
  const table = element(document, 'table');
  for (const [label, value] of details(record)) {
    const row = element(document, 'tr');
    row.append(element(document, 'th', undefined, label), element(document, 'td', undefined, value));
    table.append(row);
  }
  panel.append(table);
}

function fieldset(document: Document, title: string): HTMLElement {
  const set = element(document, 'fieldset');
  set.append(element(document, 'legend', undefined, title));
  return set;
}

function checkbox(document: Document, label: string, name: string, value: string, selection: Set<string>, redraw: () => void): HTMLElement {
  const wrapper = element(document, 'label');
  const input = element(document, 'input') as HTMLInputElement;
  input.type = 'checkbox';
  input.name = name;
  input.value = value;
  input.checked = selection.has(value);
  input.addEventListener('change', () => {
    if (input.checked) selection.add(value);
    else selection.delete(value);
    redraw();
  });
  wrapper.append(input, document.createTextNode(` ${label}`));
  return wrapper;
}

function element(document: Document, tag: string, className?: string, text?: string): HTMLElement {
  const created = document.createElement(tag);
  if (className) created.className = className;
  if (text !== undefined) created.textContent = text;
  return created;
}
