/*
 * How the host scripts read bytes in what the host sends (B1, B2): each `{"__today.bytes": …}`
 * becomes a new `Uint8Array`, in answers (the channels) and deliveries (`delivery-receiver.ts`).
 */
import { BYTES_MEMBER } from '../../src/protocol.generated.js';
import { SyntaxErrorIntrinsic, hasOwn, isArray, ownKeys, parse, stringIndexOf } from '../intrinsics.js';
import { decodeBase64 } from './base64.js';

/**
 * The member's name as JSON writes it, quotes included: unescaped quotes only stand around a key or
 * a whole string, so a text without it holds no bytes, and is not walked.
 */
const QUOTED_BYTES_MEMBER = `"${BYTES_MEMBER}"`;

/**
 * The value a host's JSON text holds, parsed with the `JSON` taken at document start, each byte
 * value a new `Uint8Array`: `{"__today.bytes": base64}`, or `{"__today.bytes": index}` naming one
 * of `attachments`. Throws a `SyntaxError` for a text that is not JSON, and for one whose bytes
 * cannot be read (`reviveBytes`), which the caller treats alike.
 */
export function parseWithBytes(text: string, attachments?: readonly Uint8Array[]): unknown {
  const value = parse(text);
  return stringIndexOf(text, QUOTED_BYTES_MEMBER) === -1 ? value : reviveBytes(value, attachments);
}

/**
 * The object a text holds as JSON, its bytes read as base64 or from `attachments`
 * (`parseWithBytes`); `undefined` for anything else.
 */
export function parseObject(text: unknown, attachments?: readonly Uint8Array[]): object | undefined {
  if (typeof text !== 'string') return undefined;
  let value: unknown;
  try {
    value = parseWithBytes(text, attachments);
  } catch {
    return undefined;
  }
  return value !== null && typeof value === 'object' ? value : undefined;
}

/**
 * `value`, parsed from the host's JSON, with each byte value in it replaced by a new `Uint8Array`
 * (an attachment itself, by its index). Throws a `SyntaxError` where an object with the member
 * `__today.bytes` is not bytes that can be read: another member beside it, text that is not padded
 * base64, an index naming no attachment (B3).
 */
export function reviveBytes(value: unknown, attachments?: readonly Uint8Array[]): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      const revived = reviveBytes(item, attachments);
      if (revived !== item) value[index] = revived;
    }
    return value;
  }
  const object = value as Record<string, unknown>;
  if (hasOwn(object, BYTES_MEMBER)) return readByteValue(object, attachments);
  const names = ownKeys(object);
  for (let index = 0; index < names.length; index++) {
    const item = object[names[index]];
    const revived = reviveBytes(item, attachments);
    if (revived !== item) object[names[index]] = revived;
  }
  return object;
}

function readByteValue(object: Record<string, unknown>, attachments: readonly Uint8Array[] | undefined): Uint8Array {
  const content = object[BYTES_MEMBER];
  if (ownKeys(object).length === 1) {
    if (typeof content === 'string') {
      const bytes = decodeBase64(content);
      if (bytes !== undefined) return bytes;
    } else if (typeof content === 'number' && content >= 0 && content % 1 === 0 && attachments !== undefined && hasOwn(attachments, content)) {
      return attachments[content];
    }
  }
  throw new SyntaxErrorIntrinsic(`The host's bytes cannot be read: a "${BYTES_MEMBER}" that is not one member holding base64 or an attachment's index`);
}
