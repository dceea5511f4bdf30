import { createHash, hash } from 'node:crypto';

const GENESIS_TEXT = Buffer.from('relay/chain/v1/genesis', 'utf8');

/** genesis = SHA-256("relay/chain/v1/genesis" || identity) */
export function genesis(stream: Uint8Array): Buffer {
  return createHash('sha256').update(GENESIS_TEXT).update(stream).digest();
}

const HEADER_BYTES = 52;
// Up to this size the input is copied into one reused buffer and hashed in
// one call, which is much cheaper per entry than a streaming hash object.
const ONE_SHOT_BYTES = 64 * 1024;
const scratch = Buffer.allocUnsafe(HEADER_BYTES + ONE_SHOT_BYTES);
// The view of the scratch buffer last hashed: streams of equal-sized
// entries reuse it instead of making a view per entry.
let input = scratch.subarray(0, 0);

function writeU64(into: Buffer, value: number, at: number): void {
  into.writeUInt32BE(Math.floor(value / 0x1_0000_0000), at);
  into.writeUInt32BE(value >>> 0, at + 4);
}

function writeHeader(into: Buffer, previous: Uint8Array, seq: number, epoch: number, length: number): void {
  into.set(previous, 0);
  writeU64(into, seq, 32);
  into.writeUInt32BE(epoch, 40);
  writeU64(into, length, 44);
}

function digest(previous: Uint8Array, seq: number, epoch: number, data: Uint8Array, encoding: 'buffer' | 'binary'): Buffer | string {
  if (data.byteLength > ONE_SHOT_BYTES) {
    const header = Buffer.allocUnsafe(HEADER_BYTES);
    writeHeader(header, previous, seq, epoch, data.byteLength);
    const streaming = createHash('sha256').update(header).update(data);
    return encoding === 'buffer' ? streaming.digest() : streaming.digest(encoding);
  }
  if (input.byteLength !== HEADER_BYTES + data.byteLength) input = scratch.subarray(0, HEADER_BYTES + data.byteLength);
  writeHeader(input, previous, seq, epoch, data.byteLength);
  input.set(data, HEADER_BYTES);
  return hash('sha256', input, encoding);
}

/** link(n) = SHA-256(link(n-1) || seq as u64 || epoch as u32 || length(data) as u64 || data), big-endian. */
export function link(previous: Uint8Array, seq: number, epoch: number, data: Uint8Array): Buffer {
  return digest(previous, seq, epoch, data, 'buffer') as Buffer;
}

/**
 * Whether `expected` is the link of this entry. Cheaper than comparing with
 * `link()`: a digest as a (latin1) string costs about half of one as a new Buffer.
 */
export function linkMatches(previous: Uint8Array, seq: number, epoch: number, data: Uint8Array, expected: Uint8Array): boolean {
  const actual = digest(previous, seq, epoch, data, 'binary') as string;
  if (expected.byteLength !== actual.length) return false;
  for (let i = 0; i < actual.length; i++) if (actual.charCodeAt(i) !== expected[i]) return false;
  return true;
}
