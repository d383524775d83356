/*
 * Base64 (RFC 4648's standard alphabet, padded) for bytes in a message's text (B2), with the
 * engine's `Uint8Array.prototype.toBase64` and `Uint8Array.fromBase64` where it has them, else
 * `btoa` and `atob`, all taken at document start (`intrinsics.ts`).
 */
import type { ByteRange } from '../../src/byte-values.js';
import { Uint8ArrayIntrinsic, atobIntrinsic, btoaIntrinsic, charCodeAt, defineProperty, exec, fromBase64Intrinsic, fromCharCode, reflectApply, toBase64Intrinsic } from '../intrinsics.js';

/**
 * Bytes `btoa` encodes at once: a multiple of 3, so that only the last chunk's text is padded.
 * 8 KiB chunks make `String.fromCharCode` over 64 MiB about twice as fast as 32 KiB ones.
 */
const CHUNK = 8190;

/** What `decodeBase64` reads: the alphabet, then at most two `=`. */
const BASE64_TEXT = /^[A-Za-z0-9+/]*={0,2}$/;

/** The base64 of a range of bytes. */
export function encodeBase64(range: ByteRange): string {
  if (toBase64Intrinsic !== undefined) return toBase64Intrinsic(new Uint8ArrayIntrinsic(range.buffer, range.offset, range.length));
  let text = '';
  for (let start = 0; start < range.length; start += CHUNK) {
    const length = range.length - start < CHUNK ? range.length - start : CHUNK;
    const chunk = new Uint8ArrayIntrinsic(range.buffer, range.offset + start, length);
    // `fromCharCode` takes its arguments by the chunk's `length`, which is otherwise read from a
    // prototype a page can replace.
    defineProperty(chunk, 'length', { value: length });
    text += btoaIntrinsic!(reflectApply(fromCharCode, undefined, chunk as unknown as number[]));
  }
  return text;
}

/** The bytes a base64 text holds, as a new `Uint8Array`; `undefined` for a text that is not padded base64. */
export function decodeBase64(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0 || !exec(BASE64_TEXT, text)) return undefined;
  if (fromBase64Intrinsic !== undefined) return fromBase64Intrinsic(text);
  const binary = atobIntrinsic!(text);
  const bytes = new Uint8ArrayIntrinsic(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = charCodeAt(binary, index);
  return bytes;
}
