import { expect, expectJSON, nextEvent, rejected, resolved } from './check.js';
import type { Check } from './check.js';
import type { ConformanceFixtureCapabilities } from './fixture.generated.js';

type Fixture = ConformanceFixtureCapabilities;

/** `length` bytes of a pattern every check can recompute. */
function pattern(length: number): Uint8Array {
  return Uint8Array.from({ length }, (_, index) => (index * 7 + 3) % 256);
}

/** Fails unless `value` is a Uint8Array holding exactly `expected`'s bytes. */
function expectBytes(value: unknown, expected: Uint8Array, what: string): void {
  expect(value instanceof Uint8Array, `${what}: expected a Uint8Array, got ${Object.prototype.toString.call(value)}`);
  expect(value.length === expected.length, `${what}: expected ${expected.length} bytes, got ${value.length}`);
  const first = value.findIndex((byte, index) => byte !== expected[index]);
  expect(first === -1, `${what}: byte ${first} differs`);
}

/** Bytes: B1, B2, B3 (B4 depends on the host's own limit, which a page does not know). */
export const bytesChecks: Check[] = [
  {
    rule: 'B1',
    title: 'a Uint8Array, an ArrayBuffer and a DataView reach the host and come back as new Uint8Arrays',
    async run(context) {
      const bytes = new Uint8Array([0, 1, 2, 127, 128, 255]);
      const echoed = (await resolved(
        context.bridge.request<Fixture, 'conformance.echo'>('conformance.echo', {
          data: bytes, buffer: bytes.buffer, view: new DataView(bytes.buffer, 2, 3), empty: new Uint8Array(0),
        }),
        'echo',
      )) as Record<string, unknown>;
      expectBytes(echoed.data, bytes, 'the Uint8Array');
      expectBytes(echoed.buffer, bytes, 'the ArrayBuffer');
      expectBytes(echoed.view, bytes.subarray(2, 5), 'the DataView');
      expectBytes(echoed.empty, new Uint8Array(0), 'the empty Uint8Array');
      expect(echoed.data !== bytes, 'the answer shares the page\'s own Uint8Array');
    },
  },
  {
    rule: 'B2',
    title: '1 MiB of bytes crosses both ways exactly, and an event carries bytes',
    async run(context) {
      const mebibyte = pattern(1 << 20);
      const echoed = (await resolved(context.bridge.request<Fixture, 'conformance.echo'>('conformance.echo', { data: mebibyte }), 'echo')) as Record<string, unknown>;
      expectBytes(echoed.data, mebibyte, 'the echoed MiB');
      const event = nextEvent(context, 'conformance.bytes');
      await resolved(context.bridge.request<Fixture, 'conformance.emit'>('conformance.emit', { name: 'conformance.bytes', data: { bytes: pattern(1000) } }), 'emit');
      expectBytes(((await event) as Record<string, unknown>).bytes, pattern(1000), "the event's bytes");
    },
  },
  {
    rule: 'B3',
    title: 'a detached or resizable buffer, and the reserved member, are refused at once with a TypeError',
    async run(context) {
      const detached = new ArrayBuffer(8);
      structuredClone(detached, { transfer: [detached] });
      const refused: Record<string, unknown> = {
        detached,
        resizable: new (ArrayBuffer as unknown as new (length: number, options: { maxByteLength: number }) => ArrayBuffer)(8, { maxByteLength: 16 }),
        reserved: { '__today.bytes': 'AAAA' },
      };
      for (const [what, data] of Object.entries(refused)) {
        const error = await rejected(context.bridge.request<Fixture, 'conformance.echo'>('conformance.echo', { data }), what);
        expect(error instanceof TypeError, `${what}: expected a TypeError, got ${String(error)}`);
      }
      expectJSON(await context.bridge.request<Fixture, 'conformance.echo'>('conformance.echo', { ok: true }), { ok: true }, 'a call after the refusals');
    },
  },
];
