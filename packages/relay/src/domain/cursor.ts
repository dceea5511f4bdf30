import { relayErrors } from '../errors.ts';
import { genesis } from './chain.ts';

/** A reader's place in a stream: the last entry it holds (or position 0 and genesis). */
export interface Cursor {
  readonly seq: number;
  readonly stream: Uint8Array;
  readonly hash: Uint8Array;
}

// One spelling per cursor: decimal without leading zeros, lowercase hex of exactly 16 and 32 bytes.
const CURSOR = /^(0|[1-9][0-9]{0,15})\.([0-9a-f]{32})\.([0-9a-f]{64})$/;

export function parseCursor(text: string): Cursor {
  const match = CURSOR.exec(text);
  const seq = match ? Number(match[1]) : NaN;
  if (!match || !Number.isSafeInteger(seq)) {
    throw relayErrors.bad_request('A cursor is <seq>.<stream_hex>.<hash_hex>: a decimal position without leading zeros, a 16-byte identity and a 32-byte link in lowercase hexadecimal.');
  }
  return { seq, stream: Buffer.from(match[2]!, 'hex'), hash: Buffer.from(match[3]!, 'hex') };
}

export function formatCursor(cursor: Cursor): string {
  return `${cursor.seq}.${Buffer.from(cursor.stream).toString('hex')}.${Buffer.from(cursor.hash).toString('hex')}`;
}

/** The cursor of a reader that knows a stream but holds none of its entries. */
export function startCursor(stream: Uint8Array): Cursor {
  return { seq: 0, stream, hash: genesis(stream) };
}
