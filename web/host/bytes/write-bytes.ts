/*
 * How the host scripts' channels write a message that holds bytes (B1, B2, B4): its JSON text with
 * each byte value as `{"__today.bytes": …}`, in the form the channel's way to the host carries.
 */
import { BYTES_MEMBER } from '../../src/protocol.generated.js';
import { bytesCopy, readBytes } from '../../src/byte-values.js';
import type { ByteRange } from '../../src/byte-values.js';
import { TypeErrorIntrinsic, createObject, hasOwn, isArray, stringify } from '../intrinsics.js';
import { encodeBase64 } from './base64.js';

/**
 * How a way to the host carries bytes (B2): `'base64'` in the text; `'attachments'` beside it,
 * the text naming each by its index (WebKitGTK's web process extension).
 */
export type BytesForm = 'base64' | 'attachments';

/**
 * Whether the SDK's hint says the message holds bytes: `postMessage(message, { bytes: true })`
 * (`PostHint`, `src/channel.ts`). Without it a channel takes its plain JSON path, unchanged.
 */
export function announcesBytes(hint: unknown): boolean {
  return hint !== null && typeof hint === 'object' && hasOwn(hint, 'bytes') && (hint as { bytes?: unknown }).bytes === true;
}

/** A message's JSON text, with its bytes in one form. */
export interface TextWithBytes {
  /** The text; `undefined` for a message JSON writes nothing for (`undefined`). */
  json: string | undefined;
  /** Its size as the host counts it (X7, B4): the text's length, and the attachments' bytes. */
  size: number;
  /** In the attachments form, each byte value's range, by index: copied only once measured (B4). */
  ranges: ByteRange[];
}

/**
 * Writes `message` as JSON with each byte value (an `ArrayBuffer` or a view of one, as JSON sees
 * it: after its `toJSON`) as `{"__today.bytes": base64}` or `{"__today.bytes": index}` (B2). Throws
 * for what cannot be sent: a function or a symbol (which JSON would drop, W5), bytes that cannot be
 * read, and a page's object with the member `__today.bytes` (B3). In the base64 form, bytes beyond
 * `maxLength` are measured, not encoded: such a text is never carried (X7).
 */
export function stringifyWithBytes(message: unknown, form: BytesForm, maxLength: number): TextWithBytes {
  const ranges: ByteRange[] = [];
  let encoded = 0;
  let unwritten = 0;
  const replacer = (_key: string, value: unknown): unknown => {
    if (typeof value === 'function' || typeof value === 'symbol') throw new TypeErrorIntrinsic(`a ${typeof value} cannot be cloned`);
    const bytes = readBytes(value);
    if (bytes === undefined) {
      if (value !== null && typeof value === 'object' && !isArray(value) && hasOwn(value, BYTES_MEMBER)) {
        throw new TypeErrorIntrinsic(`an object with the member "${BYTES_MEMBER}" would read as bytes`);
      }
      return value;
    }
    if (typeof bytes === 'string') throw new TypeErrorIntrinsic(`${bytes} cannot be sent`);
    const placeholder = createObject(null) as Record<string, unknown>;
    if (form === 'attachments') {
      placeholder[BYTES_MEMBER] = ranges.length;
      ranges[ranges.length] = bytes;
      return placeholder;
    }
    const length = base64Length(bytes.length);
    encoded += length;
    if (encoded > maxLength) {
      placeholder[BYTES_MEMBER] = '';
      unwritten += length;
    } else {
      placeholder[BYTES_MEMBER] = encodeBase64(bytes);
    }
    return placeholder;
  };
  const json = stringify(message, replacer) as string | undefined;
  let size = json === undefined ? 0 : json.length + unwritten;
  for (let index = 0; index < ranges.length; index++) size += ranges[index].length;
  return { json, size, ranges };
}

/** New `Uint8Array`s with a copy of each range's bytes: the attachments a way to the host carries. */
export function copyAttachments(ranges: ByteRange[]): Uint8Array[] {
  const attachments: Uint8Array[] = [];
  for (let index = 0; index < ranges.length; index++) attachments[index] = bytesCopy(ranges[index]);
  return attachments;
}

/** The length of the base64 of `count` bytes, padded. */
function base64Length(count: number): number {
  return ((count + 2 - ((count + 2) % 3)) / 3) * 4;
}
