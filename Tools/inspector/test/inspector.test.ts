import assert from 'node:assert/strict';
import test from 'node:test';
import { readFileSync } from 'node:fs';
import type { TrafficRecord } from '../src/configuration.generated.js';
import {
  applyFilter,
  CATEGORIES,
  categoryOf,
  details,
  formatBytes,
  formatMs,
  layoutLanes,
  spanOf,
  summary,
  ticks,
  timeMap,
  typeCounts,
} from '../src/model.js';

/** A main-frame `headers` call answered with a value, with `fields` changed. */
function record(fields: Partial<TrafficRecord> = {}): TrafficRecord {
  return {
    kind: 'pageMessage', webView: 1, document: 1, frame: 'main', origin: 'https://feed.example', type: 'headers',
    outcome: 'resolved', answer: 'value', start: 0, duration: 1, requestBytes: 18, replyBytes: 60, ...fields,
  };
}

test('X5 a record is coloured by what the caller got: a value, undefined, a refusal, a rejection code, an unsettled call', () => {
  assert.equal(categoryOf(record()), 'value');
  assert.equal(categoryOf(record({ type: 'track', answer: 'undefined', replyBytes: 0 })), 'undefined');
  for (const outcome of ['denied', 'unknownType', 'malformed']) assert.equal(categoryOf(record({ outcome, answer: 'undefined' })), 'refused');
  assert.equal(categoryOf(record({ outcome: 'rejected', answer: 'rejection', errorCode: 'declined' })), 'rejected');
  // establishSession fails as { ok: false } and track as undefined: still a rejection, by its outcome.
  assert.equal(categoryOf(record({ type: 'establishSession', outcome: 'rejected', answer: 'value', errorCode: 'failed' })), 'rejected');
  for (const outcome of ['timedOut', 'cancelled', 'busy']) assert.equal(categoryOf(record({ outcome, answer: 'rejection' })), 'unsettled');
  assert.equal(categoryOf(record({ kind: 'nativeEvent', outcome: 'delivered', answer: undefined })), 'event');
  assert.equal(categoryOf(record({ kind: 'nativeEvent', outcome: 'buffered', answer: undefined })), 'event');
  assert.equal(categoryOf(record({ kind: 'nativeEvent', outcome: 'undelivered', answer: undefined })), 'undelivered');
  assert.equal(categoryOf(record({ kind: 'nativeCall', outcome: 'unhandled', answer: 'value' })), 'value');
  assert.equal(new Set(CATEGORIES.map((entry) => entry.category)).size, CATEGORIES.length);
});

test('X5 one lane per web view and frame, the main frame first; overlapping bars take separate rows', () => {
  const lanes = layoutLanes(
    [
      record({ webView: 2, start: 0 }),
      record({ frame: 'sub', origin: 'https://ads.example', start: 5 }),
      record({ start: 0, duration: 10 }),
      record({ start: 2, duration: 1 }),
      record({ start: 10.5, duration: 1 }),
      record({ frame: 'sub', origin: undefined, start: 1 }),
    ],
    0.5,
  );
  assert.deepEqual(lanes.map((lane) => lane.label), [
    'web view 1 · main frame',
    'web view 1 · sub-frame https://ads.example',
    'web view 1 · sub-frame unknown origin',
    'web view 2 · main frame',
  ]);
  assert.deepEqual(lanes[0].bars.map((bar) => [bar.record.start, bar.row]), [[0, 0], [2, 1], [10.5, 0]]);
  assert.equal(lanes[0].rows, 2);
  // A bar shorter than the narrowest drawing counts as that long.
  assert.deepEqual(layoutLanes([record({ start: 0, duration: 0 }), record({ start: 0.2, duration: 0 })], 0.5)[0].rows, 2);
});

test('X5 time is drawn from the first record; idle gaps over the limit are cut to a short break, and bars pack as drawn', () => {
  const records = [record({ start: 100, duration: 2 }), record({ start: 101, duration: 4 }), record({ start: 1105, duration: 1 })];
  const linear = timeMap(records, false);
  assert.equal(linear.toDrawing(100), 0);
  assert.equal(linear.span, 1006);
  assert.deepEqual(linear.breaks, []);
  const cut = timeMap(records, true, 50, 10);
  assert.deepEqual(cut.breaks, [{ start: 5, end: 15, hiddenMs: 1000 }]);
  assert.equal(cut.toDrawing(1105), 15);
  assert.equal(cut.span, 16);
  assert.equal(cut.toRecording(2), 102);
  assert.equal(cut.toRecording(10), undefined);
  assert.equal(cut.toRecording(15.5), 1105.5);
  assert.equal(timeMap([], true).span, 1);
  // Two bars 1000 ms apart land 10 drawn ms apart: as wide as 20 ms, they share no row only if packed as drawn.
  const packed = layoutLanes([record({ start: 0, duration: 0 }), record({ start: 1000, duration: 0 })], 20, timeMap([record({ start: 0, duration: 0 }), record({ start: 1000, duration: 0 })], true, 50, 10).toDrawing);
  assert.equal(packed[0].rows, 2);
});

test('X5 filters keep the frames and types ticked; types are counted, the most frequent first', () => {
  const records = [record(), record({ type: 'track' }), record({ type: 'track', frame: 'sub' }), record({ type: undefined, outcome: 'malformed' })];
  assert.deepEqual(typeCounts(records), [['track', 2], ['(none)', 1], ['headers', 1]]);
  assert.equal(applyFilter(records, { frames: new Set(['main']), types: new Set(['track', 'headers', '(none)']) }).length, 3);
  assert.deepEqual(applyFilter(records, { frames: new Set(['main', 'sub']), types: new Set(['track']) }).map((r) => r.frame), ['main', 'sub']);
});

test('X5 times, sizes and ticks read well', () => {
  assert.equal(formatMs(0.42), '0.42 ms');
  assert.equal(formatMs(12.34), '12.3 ms');
  assert.equal(formatMs(1520), '1.52 s');
  assert.equal(formatBytes(18), '18 B');
  assert.equal(formatBytes(1229), '1.2 KB');
  assert.equal(formatBytes(3.4 * 1024 * 1024), '3.4 MB');
  assert.equal(formatBytes(undefined), '–');
  assert.deepEqual(ticks(1000, 1), [0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
  assert.deepEqual(ticks(10, 100, 100), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.deepEqual(ticks(3, 40, 100), [0, 5]);
  assert.equal(formatMs(250), '250 ms');
  assert.equal(spanOf([record({ start: 4, duration: 2 }), record({ start: 1, duration: 1 })]), 5);
  assert.equal(spanOf([]), 0);
});

test('X5 details and the tooltip show types, codes, times and sizes', () => {
  const rejected = record({ type: 'fail', outcome: 'rejected', answer: 'rejection', errorCode: 'declined', duration: 0.5, replyBytes: 90 });
  assert.equal(summary(rejected), 'fail · rejected (declined) · 0.50 ms · 18 B → 90 B');
  assert.equal(summary(record({ kind: 'nativeEvent', type: 'host.ready', outcome: 'buffered', answer: undefined, replyBytes: undefined, requestBytes: 4 })), 'host.ready · buffered · 1.00 ms · 4 B');
  const shown = new Map(details(rejected));
  assert.equal(shown.get('Kind'), 'page → native message');
  assert.equal(shown.get('Error code'), 'declined');
  assert.equal(shown.get('Reply'), '90 B');
  assert.equal(shown.has('Surface'), false);
});

test('X5 the built inspector script can sit in a <script> element: no </script, no <!--', () => {
  const built = readFileSync(new URL('../../timeline.js', import.meta.url), 'utf8');
  assert.ok(built.startsWith('(function (configuration) {'));
  assert.equal(/<\/script|<!--/i.test(built), false);
  assert.ok(built.includes('function inspectorTimeline('));
});

test('ST5 X5 a stream is one row, its values counted in the details and the tooltip', () => {
  const stream = record({ kind: 'stream', type: 'download', outcome: 'resolved', answer: 'value', replyBytes: undefined, requestBytes: 40, values: 12 });
  assert.equal(summary(stream), 'download · resolved: value · 1.00 ms · 40 B · 12 values');
  const shown = new Map(details(stream));
  assert.equal(shown.get('Kind'), 'page ← native stream');
  assert.equal(shown.get('Values'), '12');
  assert.equal(categoryOf(stream), 'value');
});
