import { readBytes } from './byte-values.js';
import { BYTES_MEMBER } from './protocol.js';

const hasOwnMember = Object.prototype.hasOwnProperty;

/**
 * Refuses a message the engine could not structured-clone, at once (W5): engines can leave such
 * a promise pending forever. Accepted: JSON-like data (null, booleans, numbers, strings, plain
 * arrays and plain objects; `undefined` members, which the clone drops) and bytes (B1): an
 * `ArrayBuffer` or any view of one, not looked into. Refused too (B3): a detached or resizable
 * `ArrayBuffer`, a `SharedArrayBuffer`, or a view of one, and a plain object with the member
 * `__today.bytes`, which would read as bytes.
 *
 * Returns whether the message holds bytes: the channel is then told so (`PostHint`), and a
 * message without them keeps the host's plain JSON path.
 *
 * @example
 * assertCloneable({ type: 'upload', data: new Uint8Array([1, 2]) }); // true
 * assertCloneable({ type: 'upload', when: new Date() }); // throws: $.when is a Date object
 */
export function assertCloneable(value: unknown): boolean {
  const found = { bytes: false };
  const problem = findProblem(value, new Set(), '$', found);
  if (problem) throw new TypeError(`The message cannot be sent: ${problem}`);
  return found.bytes;
}

function findProblem(value: unknown, ancestors: Set<object>, path: string, found: { bytes: boolean }): string | undefined {
  switch (typeof value) {
    case 'undefined':
    case 'boolean':
    case 'number':
    case 'string':
      return undefined;
    case 'function':
      return `${path} is a function`;
    case 'symbol':
      return `${path} is a symbol`;
    case 'bigint':
      return `${path} is a bigint`;
  }
  if (value === null) return undefined;
  const object = value as object;
  const bytes = readBytes(object);
  if (typeof bytes === 'string') return `${path} is ${bytes}`;
  if (bytes !== undefined) {
    found.bytes = true;
    return undefined;
  }
  if (ancestors.has(object)) return `${path} refers back to itself`;
  const isArray = Array.isArray(object);
  const prototype = Object.getPrototypeOf(object);
  if (!isArray && prototype !== Object.prototype && prototype !== null) {
    return `${path} is a ${prototype?.constructor?.name ?? 'non-plain'} object`;
  }
  if (!isArray && hasOwnMember.call(object, BYTES_MEMBER)) return `${path} has the member "${BYTES_MEMBER}", which stands for bytes`;
  ancestors.add(object);
  for (const key of Object.keys(object)) {
    const problem = findProblem((object as Record<string, unknown>)[key], ancestors, isArray ? `${path}[${key}]` : `${path}.${key}`, found);
    if (problem) return problem;
  }
  ancestors.delete(object);
  return undefined;
}
