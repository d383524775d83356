import type { TrafficRecord } from './configuration.generated.js';

/** What a bar's colour says: what the caller got, or what became of a native event. */
export type Category = 'value' | 'undefined' | 'refused' | 'rejected' | 'unsettled' | 'event' | 'undelivered';

/** The legend, in the order it is shown: each category's label and colour. */
export const CATEGORIES: readonly { category: Category; label: string; colour: string }[] = [
  { category: 'value', label: 'value', colour: '#2e9d5b' },
  { category: 'undefined', label: 'undefined', colour: '#8a94a6' },
  { category: 'refused', label: 'refused: denied, unknown type, malformed (undefined)', colour: '#e0a526' },
  { category: 'rejected', label: 'rejected (error code)', colour: '#d64545' },
  { category: 'unsettled', label: 'timed out, cancelled, busy', colour: '#8e44ad' },
  { category: 'event', label: 'native event delivered or buffered', colour: '#2f80c7' },
  { category: 'undelivered', label: 'native event undelivered', colour: '#1b2a3a' },
];

/**
 * A record's category: a refusal or an unsettled call by its outcome, a rejection by its outcome
 * (`track` and `establishSession` reject as `undefined` and `{ ok: false }`), else by its answer.
 *
 * @example categoryOf({ kind: 'pageMessage', outcome: 'resolved', answer: 'undefined', ... }) // 'undefined'
 */
export function categoryOf(record: TrafficRecord): Category {
  if (record.kind === 'nativeEvent') return record.outcome === 'undelivered' ? 'undelivered' : 'event';
  switch (record.outcome) {
    case 'denied':
    case 'unknownType':
    case 'malformed':
      return 'refused';
    case 'timedOut':
    case 'cancelled':
    case 'busy':
      return 'unsettled';
    case 'rejected':
      return 'rejected';
  }
  if (record.answer === 'rejection') return 'rejected';
  return record.answer === 'value' ? 'value' : 'undefined';
}

/** The type a record is filtered and labelled by; `(none)` for a message without one. */
export function typeOf(record: TrafficRecord): string {
  return record.type ?? '(none)';
}

/** One lane: a web view's main frame, or its sub-frames of one origin. */
export interface Lane {
  key: string;
  label: string;
  /** Each record of the lane with the row it is drawn in, so that bars never overlap. */
  bars: { record: TrafficRecord; row: number }[];
  rows: number;
}

/** The lane a record belongs in: its web view and frame, and a sub-frame's origin. */
export function laneOf(record: TrafficRecord): { key: string; label: string; order: string } {
  const webView = `web view ${record.webView}`;
  if (record.frame === 'main') return { key: `${record.webView}|main`, label: `${webView} · main frame`, order: `${pad(record.webView)}|0` };
  const origin = record.origin ?? 'unknown origin';
  return { key: `${record.webView}|sub|${origin}`, label: `${webView} · sub-frame ${origin}`, order: `${pad(record.webView)}|1|${origin}` };
}

function pad(value: number): string {
  return String(value).padStart(12, '0');
}

/**
 * The lanes of `records`, web view by web view, the main frame first; within a lane each bar
 * takes the first row where it does not overlap the one before, as drawn (`toDrawing`), counting
 * each bar at least `minimumMs` long (the time its narrowest drawing covers).
 */
export function layoutLanes(records: readonly TrafficRecord[], minimumMs: number, toDrawing: (ms: number) => number = (ms) => ms): Lane[] {
  const lanes = new Map<string, Lane & { order: string; rowEnds: number[] }>();
  const sorted = [...records].sort((a, b) => a.start - b.start);
  for (const record of sorted) {
    const { key, label, order } = laneOf(record);
    let lane = lanes.get(key);
    if (!lane) {
      lane = { key, label, order, bars: [], rows: 0, rowEnds: [] };
      lanes.set(key, lane);
    }
    const start = toDrawing(record.start);
    const end = Math.max(toDrawing(record.start + record.duration), start + minimumMs);
    let row = lane.rowEnds.findIndex((rowEnd) => rowEnd <= start);
    if (row < 0) row = lane.rowEnds.push(end) - 1;
    else lane.rowEnds[row] = end;
    lane.bars.push({ record, row });
    lane.rows = lane.rowEnds.length;
  }
  return [...lanes.values()]
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
    .map(({ key, label, bars, rows }) => ({ key, label, bars, rows }));
}

/** What the filters let through: the frames and the types ticked. */
export interface Filter {
  frames: ReadonlySet<string>;
  types: ReadonlySet<string>;
}

/** The records `filter` lets through, in their order. */
export function applyFilter(records: readonly TrafficRecord[], filter: Filter): TrafficRecord[] {
  return records.filter((record) => filter.frames.has(record.frame) && filter.types.has(typeOf(record)));
}

/** Each type with its number of records, the most frequent first, then by name. */
export function typeCounts(records: readonly TrafficRecord[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const record of records) counts.set(typeOf(record), (counts.get(typeOf(record)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Milliseconds from the first record's start to the last one's end; 0 without records. */
export function spanOf(records: readonly TrafficRecord[]): number {
  if (records.length === 0) return 0;
  return Math.max(...records.map((record) => record.start + record.duration)) - Math.min(...records.map((record) => record.start));
}

/** How recording time is drawn: from the first record on, idle gaps possibly cut short. */
export interface TimeMap {
  /** The drawing's length, in drawn milliseconds (at least 1). */
  span: number;
  /** Where a recording time is drawn. */
  toDrawing(ms: number): number;
  /** The recording time drawn at `drawn`; `undefined` inside a break. */
  toRecording(drawn: number): number | undefined;
  /** The cut idle gaps, where they are drawn, and how long each really was. */
  breaks: { start: number; end: number; hiddenMs: number }[];
}

/**
 * Draws the first record's start at 0 and time linearly from there; with `compress`, every
 * stretch longer than `maxGapMs` in which nothing is in flight is drawn `breakMs` long instead,
 * so that bursts a second apart stay readable.
 *
 * @example timeMap(records, true).toDrawing(records[0].start) // 0
 */
export function timeMap(records: readonly TrafficRecord[], compress: boolean, maxGapMs = 50, breakMs = 10): TimeMap {
  const intervals = records.map((record) => [record.start, record.start + record.duration]).sort((a, b) => a[0] - b[0]);
  const first = intervals.length > 0 ? intervals[0][0] : 0;
  const segments = [{ from: first, at: 0 }];
  const breaks: TimeMap['breaks'] = [];
  let busyUntil = first;
  for (const [start, end] of intervals) {
    if (compress && start - busyUntil > maxGapMs) {
      const last = segments[segments.length - 1];
      const at = last.at + (busyUntil - last.from);
      breaks.push({ start: at, end: at + breakMs, hiddenMs: start - busyUntil });
      segments.push({ from: start, at: at + breakMs });
    }
    busyUntil = Math.max(busyUntil, end);
  }
  const segmentFor = (ms: number) => segments.reduce((found, segment) => (segment.from <= ms ? segment : found), segments[0]);
  const toDrawing = (ms: number) => {
    const segment = segmentFor(ms);
    return segment.at + (ms - segment.from);
  };
  const toRecording = (drawn: number) => {
    if (breaks.some((cut) => drawn > cut.start && drawn < cut.end)) return undefined;
    const segment = segments.reduce((found, candidate) => (candidate.at <= drawn ? candidate : found), segments[0]);
    return segment.from + (drawn - segment.at);
  };
  return { span: Math.max(1, toDrawing(busyUntil)), toDrawing, toRecording, breaks };
}

/**
 * Axis ticks every 1, 2 or 5 × 10ⁿ milliseconds, about `pixelsApart` apart at `pixelsPerMs`.
 *
 * @example ticks(1000, 1, 100) // [0, 100, 200, ..., 1000]
 */
export function ticks(spanMs: number, pixelsPerMs: number, pixelsApart = 100): number[] {
  const rough = pixelsApart / pixelsPerMs;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power;
  const found: number[] = [];
  for (let tick = 0; tick <= spanMs + step / 2 && found.length < 1000; tick += step) found.push(Number(tick.toPrecision(12)));
  return found;
}

/** `0.42 ms`, `12.3 ms`, `250 ms`, `1.52 s`. */
export function formatMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

/** `18 B`, `1.2 KB`, `3.4 MB`; `–` when unknown. */
export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined) return '–';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const KIND_LABELS: Record<string, string> = {
  pageMessage: 'page → native message',
  nativeEvent: 'native → page event',
  nativeCall: 'native → page call',
  stream: 'page ← native stream',
};

/** A record as label and value pairs, for its details. */
export function details(record: TrafficRecord): [string, string][] {
  const rows: [string, string | undefined][] = [
    ['Kind', KIND_LABELS[record.kind] ?? record.kind],
    ['Type', record.type ?? '(none)'],
    ['Outcome', record.outcome],
    ['Answer', record.answer],
    ['Error code', record.errorCode],
    ['Web view', String(record.webView)],
    ['Document', String(record.document)],
    ['Frame', record.frame === 'main' ? 'main frame' : 'sub-frame'],
    ['Origin', record.origin],
    ['Surface', record.surface],
    ['Start', formatMs(record.start)],
    ['Duration', formatMs(record.duration)],
    ['Request', record.requestBytes === undefined ? undefined : formatBytes(record.requestBytes)],
    ['Reply', record.replyBytes === undefined ? undefined : formatBytes(record.replyBytes)],
    ['Values', record.values === undefined ? undefined : String(record.values)],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== undefined);
}

/** One line for a bar's tooltip: type, outcome or code, duration and sizes. */
export function summary(record: TrafficRecord): string {
  const outcome = record.errorCode ? `${record.outcome} (${record.errorCode})` : record.answer ? `${record.outcome}: ${record.answer}` : record.outcome;
  const sizes = record.replyBytes === undefined ? formatBytes(record.requestBytes) : `${formatBytes(record.requestBytes)} → ${formatBytes(record.replyBytes)}`;
  const values = record.values === undefined ? '' : ` · ${record.values} ${record.values === 1 ? 'value' : 'values'}`;
  return `${typeOf(record)} · ${outcome} · ${formatMs(record.duration)} · ${sizes}${values}`;
}
