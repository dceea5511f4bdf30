import { relayErrors } from '../errors.ts';
import { LIMITS } from '../domain/limits.ts';
import type { Batch, HeadState } from '../domain/stream.ts';
import { CborDecodeError, decodeStrict, encodeCbor } from './cbor.ts';

// Body keys (spec part A, "Resources and their fields").
const BATCH = { epoch: 0, entries: 1, stream: 2 } as const;
const PROBLEM_DETAIL_KEYS: Readonly<Record<string, number>> = { head: 2, epoch: 3, limit: 4 };

const bad = (message: string) => relayErrors.bad_request(message);

function isUint(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function bytes(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array;
}

/** Decodes and checks a Batch body; keys it does not know are ignored. */
export function decodeBatch(body: Uint8Array): Batch {
  let message: unknown;
  try {
    message = decodeStrict(body);
  } catch (error) {
    if (error instanceof CborDecodeError) throw bad(`The body is not one well-formed CBOR item: ${error.message.replace(/^CBOR decode error: /, '')}`);
    throw error;
  }
  if (!(message instanceof Map)) throw bad('A batch is a CBOR map keyed by small unsigned integers.');
  const epoch: unknown = message.get(BATCH.epoch);
  const entries: unknown = message.get(BATCH.entries);
  const stream: unknown = message.get(BATCH.stream);
  if (!isUint(epoch) || epoch > LIMITS.epochMax) throw bad('Batch key 0 (epoch) must be an unsigned 32-bit integer.');
  if (!Array.isArray(entries) || entries.length === 0) throw bad('Batch key 1 (entries) must be an array of at least one byte string.');
  if (!entries.every(bytes)) throw bad('Every entry of batch key 1 (entries) must be a CBOR byte string.');
  if (stream !== undefined && !(bytes(stream) && stream.byteLength === LIMITS.identityBytes)) {
    throw bad('Batch key 2 (stream) must be a byte string of exactly 16 bytes.');
  }
  return { epoch, entries, ...(stream === undefined ? {} : { stream }) };
}

const u8 = (b: Uint8Array) => (b instanceof Buffer ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength) : b);

export function encodeWritten(written: { stream: Uint8Array; epoch: number; first: number; last: number }): Uint8Array {
  return encodeCbor(new Map<number, unknown>([[0, u8(written.stream)], [1, written.epoch], [2, written.first], [3, written.last]]));
}

export { encodePage } from './page-encoder.ts';

export function encodeHeads(heads: readonly { name: string; state: HeadState }[]): Uint8Array {
  const list = heads.map(({ name, state }) => {
    const head = new Map<number, unknown>([[0, name]]);
    if (state.id !== undefined) head.set(1, u8(state.id));
    head.set(2, state.head);
    return head;
  });
  return encodeCbor(new Map([[0, list]]));
}

export function encodeDeleted(stream: Uint8Array): Uint8Array {
  return encodeCbor(new Map([[0, u8(stream)]]));
}

export function encodeProblem(code: string, message: string, details: Readonly<Record<string, unknown>>): Uint8Array {
  const problem = new Map<number, unknown>([[0, code], [1, message]]);
  for (const [name, value] of Object.entries(details)) {
    const key = PROBLEM_DETAIL_KEYS[name];
    if (key !== undefined) problem.set(key, value);
  }
  return encodeCbor(problem);
}
