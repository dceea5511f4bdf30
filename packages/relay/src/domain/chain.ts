import { createHash, hash } from 'node:crypto';

const GENESIS_TEXT = Buffer.from('relay/chain/v1/genesis', 'utf8');

/** genesis = SHA-256("relay/chain/v1/genesis" || identity) */
export function genesis(stream: Uint8Array): Buffer {
  return createHash('sha256').update(GENESIS_TEXT).update(stream).digest();
}

// Below this size the input is copied into one buffer and hashed in one call,
// which is much cheaper per entry than a streaming hash object.
const ONE_SHOT_BYTES = 64 * 1024;

/** link(n) = SHA-256(link(n-1) || seq as u64 || epoch as u32 || length(data) as u64 || data), big-endian. */
export function link(previous: Uint8Array, seq: number, epoch: number, data: Uint8Array): Buffer {
  const small = data.byteLength <= ONE_SHOT_BYTES;
  const input = Buffer.allocUnsafe(52 + (small ? data.byteLength : 0));
  input.set(previous, 0);
  input.writeBigUInt64BE(BigInt(seq), 32);
  input.writeUInt32BE(epoch, 40);
  input.writeBigUInt64BE(BigInt(data.byteLength), 44);
  if (small) {
    input.set(data, 52);
    return hash('sha256', input, 'buffer');
  }
  return createHash('sha256').update(input).update(data).digest();
}
