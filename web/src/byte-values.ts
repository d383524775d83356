/*
 * What counts as bytes in a message (B1, B3): an `ArrayBuffer`, or a view of one (a typed array,
 * a `DataView`: the bytes it views). One reading, shared by the SDK's message check
 * (`cloneable.ts`), its fake host (`testing.ts`) and the host scripts' channels (`host/bytes/`),
 * which import this module.
 *
 * It takes the built-ins it uses when it loads: in a host script that is at document start, so a
 * page that later replaces `ArrayBuffer`, `Uint8Array` or their prototypes' getters does not
 * change what crosses. Getters are read from the engine's own prototypes and called with
 * `Reflect.apply`, as `host/intrinsics.ts` does; names are prefixed, as the host scripts join
 * this module into one scope with theirs.
 */

const bytesApply = Reflect.apply;
const bytesOwnDescriptor = Reflect.getOwnPropertyDescriptor;
const bytesPrototypeOf = Object.getPrototypeOf;
const bytesIsView = ArrayBuffer.isView;
const bytesIsArray = Array.isArray;
const BytesUint8Array = Uint8Array;
const bytesObjectPrototype = Object.prototype;
const bytesObjectTag = Object.prototype.toString;

/** The getter of `prototype[name]`, as a function of its receiver; `undefined` where the engine has none. */
function bytesGetter(prototype: object, name: PropertyKey): ((self: unknown) => unknown) | undefined {
  const get = bytesOwnDescriptor(prototype, name)?.get;
  return get ? (self) => bytesApply(get, self, []) : undefined;
}

const typedArrayPrototype = bytesPrototypeOf(Uint8Array.prototype) as object;
/** A typed array's name (`'Uint8Array'`, …); `undefined` for anything else, a `DataView` included. */
const typedArrayName = bytesGetter(typedArrayPrototype, Symbol.toStringTag)!;
const typedArrayBuffer = bytesGetter(typedArrayPrototype, 'buffer')!;
const typedArrayOffset = bytesGetter(typedArrayPrototype, 'byteOffset')!;
const typedArrayLength = bytesGetter(typedArrayPrototype, 'byteLength')!;
const typedArraySet = (typedArrayPrototype as { set: unknown }).set as (this: Uint8Array, source: Uint8Array) => void;
const dataViewBuffer = bytesGetter(DataView.prototype, 'buffer')!;
const dataViewOffset = bytesGetter(DataView.prototype, 'byteOffset')!;
const dataViewLength = bytesGetter(DataView.prototype, 'byteLength')!;
/** An `ArrayBuffer`'s length; throws for anything else, a `SharedArrayBuffer` included. */
const arrayBufferLength = bytesGetter(ArrayBuffer.prototype, 'byteLength')!;
/** Where the engine has them (ES2024): whether a buffer was transferred away, and whether it can resize. */
const arrayBufferDetached = bytesGetter(ArrayBuffer.prototype, 'detached');
const arrayBufferResizable = bytesGetter(ArrayBuffer.prototype, 'resizable');
/** A `SharedArrayBuffer`'s length, where the page has the constructor (a cross-origin isolated page). */
const sharedArrayBufferLength = typeof SharedArrayBuffer === 'function' ? bytesGetter(SharedArrayBuffer.prototype, 'byteLength') : undefined;

/** The bytes a value stands for (B1): a range of an `ArrayBuffer`. */
export interface ByteRange {
  readonly buffer: ArrayBuffer;
  readonly offset: number;
  readonly length: number;
}

/**
 * Reads a message's value as bytes (B1, B3): the range of its `ArrayBuffer` an `ArrayBuffer` or a
 * view of one stands for; for bytes that cannot be sent, why (`'a detached ArrayBuffer'`, `'a view
 * of a SharedArrayBuffer'`, …); `undefined` for any other value. Plain objects and arrays cost a
 * prototype check.
 */
export function readBytes(value: unknown): ByteRange | string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (bytesIsView(value)) return viewRange(value);
  if (bytesIsArray(value)) return undefined;
  const prototype = bytesPrototypeOf(value);
  if (prototype === bytesObjectPrototype || prototype === null) return undefined;
  if (isArrayBuffer(value)) return bufferProblem(value) ?? { buffer: value as ArrayBuffer, offset: 0, length: arrayBufferLength(value) as number };
  return isSharedArrayBuffer(value) ? 'a SharedArrayBuffer' : undefined;
}

/** A `Uint8Array` over the range, sharing its buffer. */
export function bytesView(range: ByteRange): Uint8Array {
  return new BytesUint8Array(range.buffer, range.offset, range.length);
}

/** A new `Uint8Array` with a copy of the range's bytes, in a buffer of its own. */
export function bytesCopy(range: ByteRange): Uint8Array {
  const copy = new BytesUint8Array(range.length);
  bytesApply(typedArraySet, copy, [bytesView(range)]);
  return copy;
}

function viewRange(view: ArrayBufferView): ByteRange | string {
  const typed = typedArrayName(view) !== undefined;
  const buffer = (typed ? typedArrayBuffer : dataViewBuffer)(view);
  const problem = bufferProblem(buffer);
  if (problem !== undefined) return `a view of ${problem}`;
  return {
    buffer: buffer as ArrayBuffer,
    offset: (typed ? typedArrayOffset : dataViewOffset)(view) as number,
    length: (typed ? typedArrayLength : dataViewLength)(view) as number,
  };
}

/** Why a view's buffer, or a buffer, cannot be sent (B3); `undefined` when it can. */
function bufferProblem(buffer: unknown): string | undefined {
  if (!isArrayBuffer(buffer)) return 'a SharedArrayBuffer';
  if (isDetached(buffer)) return 'a detached ArrayBuffer';
  if (arrayBufferResizable !== undefined && arrayBufferResizable(buffer) === true) return 'a resizable ArrayBuffer';
  return undefined;
}

function isArrayBuffer(value: unknown): boolean {
  try {
    arrayBufferLength(value);
    return true;
  } catch {
    return false;
  }
}

function isDetached(buffer: unknown): boolean {
  if (arrayBufferDetached !== undefined) return arrayBufferDetached(buffer) === true;
  try {
    // An engine without `detached`: a view of a detached buffer cannot be made.
    new BytesUint8Array(buffer as ArrayBuffer, 0, 0);
    return false;
  } catch {
    return true;
  }
}

function isSharedArrayBuffer(value: unknown): boolean {
  if (sharedArrayBufferLength === undefined) return bytesApply(bytesObjectTag, value, []) === '[object SharedArrayBuffer]';
  try {
    sharedArrayBufferLength(value);
    return true;
  } catch {
    return false;
  }
}
